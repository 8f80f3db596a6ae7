"""Cribbage Tiles: what one seat may know, as a typed record (the seat's view).

:meth:`~cribkit.games.tiles.state.TilesState.observation` builds it: the board, the seat's own
rack (both racks with ``solitaire``, where one player holds them), how many tiles each rack and
bag holds, the tiles the seat has not seen, the scores and a claim being declared. Another
player's rack, the order of the bag and the seed are never in it. Tiles are ints (0-25) and the
board a :class:`~cribkit.games.tiles.board.Board` of pieces; :meth:`TilesView.to_json` writes
them as text, and :meth:`TilesView.from_json` reads that back.

>>> from cribkit.games.tiles.state import TilesRules, start_tiles
>>> view = start_tiles(TilesRules(), seed=3).state.observation(0)
>>> from cribkit.games.tiles.rules import tiles_text
>>> tiles_text(view.rack), view.rack_sizes, view.bag_size
('2d 2l 3l 5l 7l', (5, 5), 94)
>>> json = view.to_json()
>>> json["rack"], json["centre"], TilesView.from_json(json) == view
(['2d', '2l', '3l', '5l', '7l'], 'G7', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cribkit.games.errors import GameError
from cribkit.games.protocol import SPECTATOR
from cribkit.games.tiles.board import EMPTY, Board, cell_name
from cribkit.games.tiles.events import TilesResult
from cribkit.games.tiles.rules import (
    KINDS,
    TilesRules,
    parse_piece,
    parse_tile,
    tile_text,
)
from cribkit.games.views import GameView

__all__ = ["ClaimView", "TilesView"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimView:
    """With ``joker``: the play whose score ``seat`` is to declare or has ``declared`` (None:
    not yet), and the seats still ``to_call`` Joker or let it stand, in order. What the play
    really scores is not in it."""

    seat: int
    move: str
    declared: int | None
    to_call: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "move", "declared", "to_call"}``."""
        return {
            "seat": self.seat,
            "move": self.move,
            "declared": self.declared,
            "to_call": list(self.to_call),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClaimView:
        """The claim of its JSON form."""
        declared = data["declared"]
        return cls(
            seat=int(data["seat"]),
            move=str(data["move"]),
            declared=None if declared is None else int(declared),
            to_call=tuple(int(s) for s in data["to_call"]),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesView(GameView):
    """What ``seat`` may know of a game of Cribbage Tiles.

    ``rack`` is the seat's own tiles, sorted; ``racks`` every rack with ``solitaire`` (None
    otherwise); ``bag_size`` is the seat's own bag (its colour's with ``solitaire``) and
    ``bag_sizes`` every bag; ``unseen`` the tiles the seat has not seen (not on the board, not
    on a rack it sees), sorted, each as many times as it is unseen; ``misses`` the turns missed
    in a row; ``colour`` the seat's colour with ``solitaire`` (``dark`` or ``light``).

    A spectator's view (``seat`` -1) has no ``rack`` and no ``colour``; its ``bag_size`` is
    every bag together and its ``unseen`` every tile off the board on no rack it sees (the
    racks and the bags together; the bags alone with ``solitaire``, whose racks are public).
    """

    rules: TilesRules
    colour: str | None
    first_player: int
    board: Board
    rack: tuple[int, ...]
    racks: tuple[tuple[int, ...], ...] | None
    rack_sizes: tuple[int, ...]
    bag_size: int
    bag_sizes: tuple[int, ...]
    unseen: tuple[int, ...]
    misses: int
    claim: ClaimView | None
    result: TilesResult | None

    @property
    def centre(self) -> int:
        """The centre cell of the board."""
        return self.board.centre

    def opponents(self) -> list[int]:
        """The other players' seats in turn order after this one (none with ``solitaire``:
        both racks are the one player's own); for a spectator, every seat."""
        if self.rules.solitaire:
            return []
        n = self.rules.players
        if self.seat == SPECTATOR:
            return list(range(n))
        return [(self.seat + i) % n for i in range(1, n)]

    def to_json(self) -> dict[str, Any]:
        """The JSON form: tiles as text, the board as rows of piece text (None for empty),
        the unseen tiles as counts by tile, in tile order."""
        counts = Counter(self.unseen)
        return {
            "game": self.game,
            "rules": self.rules.options(),
            "seat": self.seat,
            "colour": self.colour,
            "phase": self.phase,
            "current_player": self.current_player,
            "first_player": self.first_player,
            "scores": list(self.scores),
            "board": self.board.rows(),
            "board_size": self.board.size,
            "centre": cell_name(self.board.centre, self.board.size),
            "rack": [tile_text(t) for t in self.rack],
            "racks": None
            if self.racks is None
            else [[tile_text(t) for t in r] for r in self.racks],
            "rack_sizes": list(self.rack_sizes),
            "bag_size": self.bag_size,
            "bag_sizes": list(self.bag_sizes),
            "unseen": {tile_text(t): counts[t] for t in range(KINDS) if counts[t]},
            "misses": self.misses,
            "claim": None if self.claim is None else self.claim.to_json(),
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TilesView:
        """The view of its JSON form (what a client is sent), tiles read from their text."""
        try:
            rules = TilesRules.from_options(data["rules"])
            rows: Sequence[Sequence[str | None]] = data["board"]
            cells = [EMPTY if text is None else parse_piece(text) for row in rows for text in row]
            unseen: Mapping[str, int] = data["unseen"]
            racks = data["racks"]
            claim = data["claim"]
            result = data["result"]
            current = data["current_player"]
            return cls(
                game=str(data["game"]),
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                current_player=None if current is None else int(current),
                scores=tuple(int(s) for s in data["scores"]),
                rules=rules,
                colour=data["colour"],
                first_player=int(data["first_player"]),
                board=Board(len(rows), tuple(cells)),
                rack=_tiles(data["rack"]),
                racks=None if racks is None else tuple(_tiles(r) for r in racks),
                rack_sizes=tuple(int(n) for n in data["rack_sizes"]),
                bag_size=int(data["bag_size"]),
                bag_sizes=tuple(int(n) for n in data["bag_sizes"]),
                unseen=tuple(sorted(parse_tile(t) for t, n in unseen.items() for _ in range(n))),
                misses=int(data["misses"]),
                claim=None if claim is None else ClaimView.from_json(claim),
                result=None if result is None else _result(result, rules),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise GameError(f"not the JSON of a Cribbage Tiles view: {error!r}") from None


def _tiles(texts: Sequence[str]) -> tuple[int, ...]:
    return tuple(parse_tile(t) for t in texts)


def _result(data: Mapping[str, Any], rules: TilesRules) -> TilesResult:
    return TilesResult(
        int(data["winner"]),
        tuple(int(s) for s in data["winners"]),
        tuple(int(s) for s in data["scores"]),
        int(data["game_points"]),
        str(data["skunk"]),
        int(data["next_dealer"]),
        rules.solitaire,
    )
