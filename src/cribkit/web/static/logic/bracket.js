// A bracket as the event's page draws it (GET /api/events/ID's "bracket"): its matches in
// groups (the winners' bracket; a double elimination's losers' bracket, then its final and
// deciding match), each group in columns (a round each, named), each match's two sides in words
// with their seeds, the winner and the scores of the match's games. No DOM.

/** A side not known yet (the winner or loser of a match still to be played). */
export const UNKNOWN = "?";

/** The groups of a format, in the order they are drawn (top to bottom), with their titles. */
const GROUPS = {
  double: [
    ["winners", "Winners' bracket"],
    ["losers", "Losers' bracket"],
    ["finals", "Final"],
  ],
  other: [["winners", null]],
};

/** A round of a single elimination (or a qualifier's playoff) by how far it is from the last. */
const LAST_ROUNDS = ["Final", "Semi-finals", "Quarter-finals"];

/**
 * The name of a column: a round of `kind` ("winners", "losers", "final", "decider"), `last`
 * the last round of that kind, `double` whether the event is a double elimination.
 */
export function roundLabel(kind, round, last, double) {
  if (kind === "final") return "Final";
  if (kind === "decider") return "Deciding match";
  if (kind === "losers") return round === last ? "Losers' final" : `Round ${round}`;
  if (double) return round === last ? "Winners' final" : `Round ${round}`;
  return LAST_ROUNDS[last - round] || `Round ${round}`;
}

/**
 * The bracket's groups, each with its columns, each column a round with its matches in the
 * order they are drawn (top to bottom: the order of their ids, which is their place in the
 * draw). `[{kind, title, columns: [{kind, round, label, matches}]}]`; a group with no match is
 * left out.
 */
export function bracketGroups(bracket, format) {
  const double = format === "double";
  const groups = double ? GROUPS.double : GROUPS.other;
  return groups
    .map(([kind, title]) => {
      const kinds = kind === "finals" ? ["final", "decider"] : [kind];
      const columns = [];
      for (const matchKind of kinds) {
        const matches = bracket.matches.filter((m) => m.bracket === matchKind).sort((a, b) => a.id - b.id);
        const rounds = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
        const last = rounds[rounds.length - 1];
        for (const round of rounds)
          columns.push({
            kind: matchKind,
            round,
            label: roundLabel(matchKind, round, last, double),
            matches: matches.filter((m) => m.round === round),
          });
      }
      return { kind, title, columns };
    })
    .filter((group) => group.columns.length);
}

/**
 * How a column's matches lead to the next column's: "pairs" (two by two, as a winners' round
 * feeds the next: the drawing joins each pair to the match it feeds), "straight" (one to one, as
 * a losers' round into the next, or the final into its deciding match), or null (the last).
 */
export function columnLink(column, next) {
  if (!next) return null;
  if (column.matches.length === 2 * next.matches.length) return "pairs";
  return column.matches.length === next.matches.length ? "straight" : null;
}

/** A player's seed: the match's own for a seeded place, else the player's place in the seeds. */
function seedOf(name, given, seeds) {
  if (name === null || name === UNKNOWN) return null;
  if (given) return given;
  const place = seeds.indexOf(name);
  return place < 0 ? null : place + 1;
}

/** The score of `name` in an event's game (null while it is played), and whether they won it. */
function scoreIn(game, name) {
  if (!game || !game.result) return { value: null, won: false };
  const [first, second] = game.result.scores;
  const mine = game.first === name ? first : second;
  const theirs = game.first === name ? second : first;
  return { value: mine, won: mine > theirs, awarded: Boolean(game.awarded) };
}

/**
 * A match as drawn: its state ("needless": a deciding match the final made unnecessary;
 * "empty": two byes; "bye": a player through on a bye; "decided"; "playing": a game of it is
 * being played; "waiting"), its two sides (`{text, name, seed, kind: "player" | "bye" |
 * "unknown" | "needless", won, scores: [{value, won, awarded}]}`, a score a game of the match)
 * and its words for a screen reader.
 */
export function matchView(match, bracket, games) {
  const byNumber = new Map((games || []).map((game) => [game.number, game]));
  const played = match.games.map((number) => byNumber.get(number)).filter(Boolean);
  const names = [match.first, match.second];
  const sides = names.map((name, index) => {
    const seed = seedOf(name, match.seeds && match.seeds[index], bracket.seeds || []);
    if (match.needless && index === 1)
      return { text: "not needed", name: null, seed: null, kind: "needless", won: false, scores: [] };
    if (name === null) return { text: "bye", name: null, seed: null, kind: "bye", won: false, scores: [] };
    if (name === UNKNOWN) return { text: "to come", name: null, seed: null, kind: "unknown", won: false, scores: [] };
    return {
      text: name,
      name,
      seed,
      kind: "player",
      won: match.winner !== null && match.winner === name,
      scores: played.map((game) => scoreIn(game, name)),
    };
  });
  let state = "waiting";
  if (match.needless) state = "needless";
  else if (names[0] === null && names[1] === null) state = "empty";
  else if (names.includes(null)) state = "bye";
  else if (match.winner) state = "decided";
  else if (played.some((game) => !game.result)) state = "playing";
  return { id: match.id, state, sides, words: matchWords(state, sides, bracket.best_of) };
}

/** A match in one sentence: "Ann beat Dee, 2 games to 1", "Ann v Dee, being played", ... */
function matchWords(state, sides, bestOf) {
  const [first, second] = sides;
  if (state === "needless") return "Not needed: the final decided it";
  if (state === "empty") return "No match: two byes";
  if (state === "bye") {
    const player = first.kind === "bye" ? second : first;
    return player.kind === "player" ? `${player.text}: a bye` : "A bye for a player to come";
  }
  const names = `${first.text} v ${second.text}`;
  if (state === "playing") return `${names}, being played`;
  if (state !== "decided") return names;
  const [winner, loser] = first.won ? [first, second] : [second, first];
  const wins = (side) => side.scores.filter((s) => s.won).length;
  if (bestOf > 1) return `${winner.text} beat ${loser.text}, ${wins(winner)} games to ${wins(loser)}`;
  const score = winner.scores[0];
  const other = loser.scores[0];
  return score && other && score.value !== null
    ? `${winner.text} beat ${loser.text}, ${score.value} to ${other.value}`
    : `${winner.text} beat ${loser.text}`;
}

/** What the bracket's matches are: "Each match is one game", "Matches are best of 3 games". */
export function bestOfWords(bestOf) {
  return bestOf > 1 ? `Matches are best of ${bestOf} games` : "Each match is one game";
}
