// The table of each game: the live game and the replay viewer draw a state with the same view.
import { ClassicView } from "./classic.js";
import { SolitaireView } from "./solitaire.js";
import { TableTopView } from "./tabletop.js";
import { TilesView } from "./tiles.js";

export const VIEWS = { classic: ClassicView, tabletop: TableTopView, tiles: TilesView, solitaire: SolitaireView };

/** A new view of `game` drawing into `root`, or null for a game this page cannot show. */
export function viewFor(game, root) {
  const View = VIEWS[game];
  return View ? new View(root) : null;
}
