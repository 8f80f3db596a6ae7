"""The values behind a puzzle: every choice of a position valued as the hints and the expert
value it, the casual player's choice, and the test that makes a position a puzzle.

A position is a seat's view (its JSON form, what a client is sent: nothing its seat may not
know) at a decision of one of four kinds:

- ``lay-away`` (classic, six cards, two players): the one valuation of a lay-away, the hint's,
  the review's and the expert's (:func:`cribkit.ai.lay_away.lay_away_values`: the kept hand
  over the starters + its pegging + own crib - their crib); casual: the easy player's choice,
  the most points in hand on average, the crib ignored.
- ``play`` (classic pegging): the expert's value of each card (:meth:`ClassicPlayer.play_values
  <cribkit.ai.classic.ClassicPlayer.play_values>`: points for minus points against to the end
  of the play, over its weighted guesses of the opponent's cards, with the player's generator
  seeded by :data:`PLAY_SEED`, so the values replay); casual: the easy player's card, the most
  points now (:func:`cribkit.ai.pegging.greedy_card`).
- ``place`` (Table Top): each open cell's expected line-score margin
  (:func:`cribkit.ai.tabletop.cell_values`); casual: the easy player's cells, the most for its
  own line now (the best of them by the expert's values counts, so a lucky tie is not held
  against the casual player).
- ``tiles`` (Cribbage Tiles): each play's points now plus the value of the tiles it keeps
  (:meth:`TilesPlayer.ranked <cribkit.ai.tiles.TilesPlayer.ranked>`); casual: the easy player's
  play, the most points now.

A position is a puzzle when its best choice is worth at least :data:`MARGINS` more than the
casual choice and at least :data:`GAPS` more than every other choice (a unique answer).

>>> from cribkit.games import start
>>> state = start("classic", seed=42).state
>>> view = state.observation(state.current_player)
>>> entries = layaway_entries(view)
>>> len(entries), entries[0].value >= entries[-1].value
(15, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from cribkit.core.cards import Card, card_rank

# The games (and the tables they build) are imported where a position is valued, not to read
# or judge a puzzle: ``cribkit puzzle`` answers without them.
if TYPE_CHECKING:
    from cribkit.games.classic.view import ClassicView
    from cribkit.games.tabletop.view import TableTopView
    from cribkit.games.tiles.view import TilesView

#: The kinds of puzzle, each with its game.
KINDS: Final[Mapping[str, str]] = {
    "lay-away": "classic",
    "play": "classic",
    "place": "tabletop",
    "tiles": "tiles",
}
#: The least the best choice must be worth above the casual one (points of expectation: a
#: lay-away's hand + crib, a play's pegging margin, a cell's line margin, a Tiles play's
#: points + leave). One point is more than the rounding of any of these values and about what
#: a pair left on the table costs; Tiles' points are larger, so it asks for two.
MARGINS: Final[Mapping[str, float]] = {"lay-away": 1.0, "play": 1.0, "place": 1.0, "tiles": 2.0}
#: The least the best must be worth above the second best (half a point, in every kind): the
#: answer is unique beyond the values' own noise (the pegging values are averages over
#: sampled guesses) and beyond the rounding of any of the words.
GAPS: Final[Mapping[str, float]] = {"lay-away": 0.5, "play": 0.5, "place": 0.5, "tiles": 0.5}
#: The seed of the expert whose pegging values a puzzle gives (its guesses of the opponent).
PLAY_SEED: Final = 16
#: Choices worth this little less than the best are as good (rounding; equal choices).
EQUAL: Final = 0.005
#: How many of a Tiles position's plays a puzzle keeps (best first; the casual one is added).
TILES_KEPT: Final = 6


@dataclass(frozen=True, slots=True)
class Entry:
    """One choice of a position: its answer ``key`` (how it is written: ``"2d Th"``, ``"5h"``,
    ``"C3"``, a Tiles play's notation), its value, and what its words are made of beyond the
    position (:func:`describe`): a lay-away's hand and crib means, a Tiles play's points and
    the tiles it keeps."""

    key: str
    value: float
    extra: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "value": round(self.value, 3), **dict(self.extra)}


def describe(kind: str, choice: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A choice in words, from its JSON form and the position's view (JSON).

    >>> describe("place", {"key": "C2", "value": 1.5}, {"turned": "5h"})
    '5♥ on C2: expected line margin +1.50'
    """
    key, value = str(choice["key"]), float(choice["value"])
    if kind == "lay-away":
        laid = {str(Card.parse(c)) for c in key.split()}
        keep = [c for c in view["hand"] if str(Card.parse(c)) not in laid]
        from cribkit.ai.lay_away import terms

        dealer = view["dealer"] == view["seat"]
        said = terms(choice["hand"], choice.get("pegging"), choice["crib"], dealer=dealer)
        whose = "your" if dealer else "their"
        return f"{symbols(key)} keeps {symbols(' '.join(keep))} ({whose} crib): {said}"
    if kind == "play":
        from cribkit.core.pegging import score_peg

        card = Card.parse(key)
        now = score_peg([*(Card.parse(c) for c in view["pile"]), card])
        said = f" for {now.total} ({now.words()})" if now.total else ""
        return f"{symbols([card])} makes the count {now.count}{said}: {value:+.2f} to the end of the play"
    if kind == "place":
        return f"{symbols(view['turned'])} on {key}: expected line margin {value:+.2f}"
    return (
        f"{key} scores {choice['points']} and keeps {choice['keeps']} "
        f"(worth {value - choice['points']:+.2f}): {value:.2f}"
    )


def symbols(cards: Sequence[Card] | str) -> str:
    """Cards written with suit symbols, as the terminal writes them.

    >>> symbols("Td 5h"), symbols([Card.parse("as")])
    ('10♦ 5♥', 'A♠')
    """
    if isinstance(cards, str):
        cards = [Card.parse(t) for t in cards.split()]
    return " ".join(c.symbol for c in cards)


def card_key(cards: Iterable[Card]) -> str:
    """The answer key of cards: their text, in card order."""
    return " ".join(str(c) for c in sorted(cards))


# -- views from their JSON form ------------------------------------------------------------------


def view_of(kind: str, data: Mapping[str, Any]) -> ClassicView | TableTopView | TilesView:
    """The seat's view of a position of ``kind`` from its JSON form."""
    if KINDS[kind] == "classic":
        from cribkit.games.classic.view import ClassicView

        return ClassicView.from_json(data)
    if kind == "place":
        from cribkit.games.tabletop.view import TableTopView

        return TableTopView.from_json(data)
    from cribkit.games.tiles.view import TilesView

    return TilesView.from_json(data)


# -- the values of each kind ---------------------------------------------------------------------


def layaway_entries(view: ClassicView) -> list[Entry]:
    """The 15 lay-aways of a six-card hand, best first (ties in the valuation's order)."""
    from cribkit.ai.lay_away import lay_away_values

    ways = lay_away_values(view.hand, dealer=view.dealer == view.seat)
    return [
        Entry(
            card_key(way.discard),
            way.value,
            (
                ("hand", round(way.hand, 6)),
                ("pegging", round(way.pegging, 6)),
                ("crib", round(way.crib, 6)),
            ),
        )
        for way in ways
    ]


def layaway_casual(view: ClassicView) -> str:
    """The easy player's lay-away (the most points in hand on average), as its key."""
    from cribkit.ai.players import make_player
    from cribkit.games.actions import Discard

    hand = list(view.hand)
    actions = [Discard(view.seat, (a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :]]
    chosen = make_player("classic", "easy", seed=0).choose(view, actions)
    assert isinstance(chosen, Discard)
    return card_key(chosen.cards)


def _legal_cards(view: ClassicView) -> list[Card]:
    return [c for c in view.hand if view.count + c.pip <= 31]


def play_entries(view: ClassicView) -> list[Entry]:
    """Every card the seat may lay, best first: the expert's value of its rank (seeded)."""
    from cribkit.ai.classic import ClassicPlayer

    hand = [card_rank(c) for c in view.hand]
    pile = [card_rank(c) for c in view.pile]
    values = ClassicPlayer("expert", seed=PLAY_SEED).play_values(view, hand, pile)
    out = [Entry(str(card), values[card_rank(card)]) for card in _legal_cards(view)]
    return sorted(out, key=lambda e: -e.value)


def play_casual(view: ClassicView) -> set[str]:
    """The easy player's cards (the most points now): every card of its rank, as keys."""
    from cribkit.ai.pegging import greedy_card

    rank = greedy_card([card_rank(c) for c in view.hand], [card_rank(c) for c in view.pile])
    return {str(c) for c in _legal_cards(view) if card_rank(c) == rank}


def place_entries(view: TableTopView) -> list[Entry]:
    """Every open cell, best first, by its expected line-score margin."""
    from cribkit.ai.tabletop import cell_values
    from cribkit.games.tabletop.actions import cell_name

    values = cell_values(view, list(view.open_cells))
    out = [Entry(cell_name(c), v) for c, v in values.items()]
    return sorted(out, key=lambda e: (-e.value, e.key))


def place_casual(view: TableTopView) -> set[str]:
    """The easy player's cells: the most points for its own line now (ties all count)."""
    # The easy player draws among its ties at random; its values are what it ties on.
    from cribkit.ai.tabletop import Position, TableTopPlayer
    from cribkit.games.tabletop.actions import cell_name

    values = TableTopPlayer("easy").greedy_values(Position(view), list(view.open_cells))
    most = max(values.values())
    return {cell_name(c) for c, v in values.items() if v >= most - 1e-9}


def tiles_entries(view: TilesView) -> tuple[list[Entry], str]:
    """The plays of the rack, best first by points + leave (one entry per notation), and the
    easy player's play (the first that scores most now)."""
    from cribkit.ai.tiles import TilesPlayer
    from cribkit.games.tiles.movegen import generate_plays
    from cribkit.games.tiles.notation import format_move
    from cribkit.games.tiles.rules import piece_tile, tile_text

    plays = generate_plays(
        view.board, view.rack, seat=view.seat, strict=view.rules.strict_cross_hands
    )
    if not plays:
        return [], ""
    player = TilesPlayer("expert", seed=0)
    out: dict[str, Entry] = {}
    # The same tiles laid in another order or place for the same value are one answer: the
    # first of them stands for all (a crib hand's count does not depend on its order).
    played: dict[tuple[tuple[int, ...], float], str] = {}
    standing: dict[str, str] = {}  # each play's notation: the one that stands for it
    for value, _, scored in player.ranked(view, plays):
        key = format_move(scored.play, view.board)
        same = (tuple(sorted(piece_tile(p) for p in scored.play.tiles)), round(value, 6))
        standing.setdefault(key, played.setdefault(same, key))
        if key in out or played[same] != key:
            continue
        kept = list(view.rack)
        for piece in scored.play.tiles:
            kept.remove(piece_tile(piece))
        keeps = " ".join(tile_text(t) for t in kept) or "nothing"
        out[key] = Entry(key, value, (("points", scored.points), ("keeps", keeps)))
    casual = format_move(max(plays, key=lambda p: p.points).play, view.board)
    casual = standing.get(casual, casual)
    return list(out.values()), casual


# -- a position made a puzzle --------------------------------------------------------------------


def valued(kind: str, view: Any) -> tuple[list[Entry], set[str]]:
    """The entries of a position (best first) and the casual player's keys."""
    if kind == "lay-away":
        return layaway_entries(view), {layaway_casual(view)}
    if kind == "play":
        return play_entries(view), play_casual(view)
    if kind == "place":
        return place_entries(view), place_casual(view)
    entries, casual = tiles_entries(view)
    return entries, {casual} if casual else set()


def is_best(entry: Entry, entries: Sequence[Entry]) -> bool:
    """Whether ``entry`` is worth as much as the best (within :data:`EQUAL`: the same card
    of another suit in pegging, the same tiles laid the other way in Tiles)."""
    return entry.value >= entries[0].value - EQUAL


def distinct_second(entries: Sequence[Entry]) -> Entry | None:
    """The best choice worth less than the best."""
    return next((e for e in entries if not is_best(e, entries)), None)


def judge(kind: str, entries: Sequence[Entry], casual: set[str]) -> tuple[float, float] | None:
    """``(best - casual, best - second)`` when the position is a puzzle, else None."""
    if len(entries) < 2 or not casual:
        return None
    best = entries[0]
    casual_value = max(e.value for e in entries if e.key in casual)
    second = distinct_second(entries)
    gap = best.value - (second.value if second is not None else best.value)
    margin = best.value - casual_value
    if margin < MARGINS[kind] or second is None or gap < GAPS[kind]:
        return None
    return margin, gap
