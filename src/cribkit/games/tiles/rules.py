"""Cribbage Tiles: the rule settings, the tiles and their text, the bag and the draw.

The game is the project's Cribbage Tiles (``rules/tiles.md``): 104 tiles, the ranks A to K
eight times each, four dark and four light. Inside, a **tile** is an int 0-25,
``(rank - 1) * 2 + colour`` with colour 0 dark and 1 light; its text is the rank and ``d`` or
``l``: ``5d``, ``Tl`` (``10l`` is read too), ``Kd``.

A tile on the board is a **piece**: the tile and the value it was placed as. A 6 may be placed
as a 9 and a 9 as a 6 (rule 6); the value is then fixed. A piece is an int 0-51,
``(value - 1) * 4 + colour * 2 + turned``, so pieces sort by value, and its text is the tile's
text, or for a turned tile the value, ``=`` and the tile: ``9=6d`` is the tile 6d placed as a
9, ``6=9l`` the tile 9l placed as a 6.

>>> parse_tile("5d"), tile_text(parse_tile("10l")), tile_text(25)
(8, 'Tl', 'Kl')
>>> p = parse_piece("9=6d")
>>> piece_value(p), tile_text(piece_tile(p)), piece_text(p), piece_text(piece_of(8))
(9, '6d', '9=6d', '5d')

With a seed the bag is the shuffle labelled ``tiles:bag`` (:func:`~cribkit.games.chance.shuffled`;
for a seed that is not fair, ``random.Random(f"tiles:{seed}:bag").shuffle``) of the 104 tiles
in order (``Ad Ad Ad Ad Al ... Kl``); the draw for the first player uses the decks of
:func:`draw_bags`. See :func:`draw_for_first_player` for the draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final

from cribkit.core.cards import RANK_CHARS, CardParseError, Rank
from cribkit.games.chance import shuffled
from cribkit.games.protocol import GameError, Rules, RulesError
from cribkit.games.setup import Seed, lowest_first

__all__ = [
    "BONUS",
    "COLOURS",
    "DARK",
    "KINDS",
    "LIGHT",
    "MAX_HAND",
    "RACK_SIZE",
    "SET_SIZE",
    "STALL_ROUNDS",
    "Seed",
    "TileParseError",
    "TilesRules",
    "check_bag",
    "draw_bags",
    "draw_for_first_player",
    "face_value",
    "full_set",
    "parse_piece",
    "parse_tile",
    "parse_tiles",
    "piece_colour",
    "piece_of",
    "piece_text",
    "piece_tile",
    "piece_turned",
    "piece_value",
    "seeded_bag",
    "tile_colour",
    "tile_of",
    "tile_rank",
    "tile_text",
    "tiles_text",
]

DARK: Final = 0
LIGHT: Final = 1
#: The colour letters, by colour: ``d`` dark, ``l`` light.
COLOURS: Final = "dl"
COLOUR_WORDS: Final = ("dark", "light")
#: Distinct tiles (13 ranks x 2 colours), copies of each, tiles in the set.
KINDS: Final = 26
COPIES: Final = 4
SET_SIZE: Final = KINDS * COPIES
#: Tiles on a full rack; the longest crib hand; the bonus for each of the three feats.
RACK_SIZE: Final = 5
MAX_HAND: Final = 5
BONUS: Final = 10
#: Rounds in a row without a play that end the game even while the bag holds tiles.
STALL_ROUNDS: Final = 3


class TileParseError(GameError):
    """Text that is not a tile (or not a piece, such as ``9=6d``)."""


# ---------------------------------------------------------------------------------------------
# Tiles and pieces


def tile_of(rank: int, colour: int) -> int:
    """The tile of ``rank`` (1-13) and ``colour`` (0 dark, 1 light).

    >>> tile_of(5, 0), tile_of(13, 1)
    (8, 25)
    """
    return (rank - 1) * 2 + colour


def tile_rank(tile: int) -> int:
    """The rank (1-13) printed on ``tile``."""
    return (tile >> 1) + 1


def tile_colour(tile: int) -> int:
    """The colour of ``tile``: 0 dark, 1 light."""
    return tile & 1


def tile_text(tile: int) -> str:
    """``5d``, ``Tl``, ``Kd``: the rank character and the colour letter."""
    return RANK_CHARS[tile >> 1] + COLOURS[tile & 1]


def tiles_text(tiles: Iterable[int]) -> str:
    """Tiles as text separated by spaces (``(none)`` for none)."""
    return " ".join(tile_text(t) for t in tiles) or "(none)"


def face_value(tile: int) -> int:
    """What a tile left on a rack costs at the end: its face value, faces 10, aces 1.

    >>> face_value(parse_tile("Ad")), face_value(parse_tile("6l")), face_value(parse_tile("Qd"))
    (1, 6, 10)
    """
    return min(tile_rank(tile), 10)


def _turns(rank: int) -> bool:
    return rank in (6, 9)


def piece_of(tile: int, turned: bool = False) -> int:
    """The piece for ``tile`` placed as itself, or (``turned``) a 6 as a 9 or a 9 as a 6."""
    rank = tile_rank(tile)
    if turned:
        if not _turns(rank):
            raise TileParseError(
                f"only a 6 can be placed as a 9 and only a 9 as a 6, not {tile_text(tile)}"
            )
        rank = 15 - rank
    return (rank - 1) * 4 + (tile & 1) * 2 + (1 if turned else 0)


def piece_value(piece: int) -> int:
    """The value (1-13) the piece was placed as: what it scores as."""
    return (piece >> 2) + 1


def piece_colour(piece: int) -> int:
    """The piece's colour: 0 dark, 1 light."""
    return piece >> 1 & 1


def piece_turned(piece: int) -> bool:
    """Whether the piece is a 6 placed as a 9 or a 9 placed as a 6."""
    return bool(piece & 1)


def piece_tile(piece: int) -> int:
    """The tile the piece is: the rank printed on it and its colour."""
    value = (piece >> 2) + 1
    rank = 15 - value if piece & 1 else value
    return (rank - 1) * 2 + (piece >> 1 & 1)


def piece_text(piece: int) -> str:
    """``5d``; ``9=6d`` for the tile 6d placed as a 9."""
    tile = tile_text(piece_tile(piece))
    if piece & 1:
        return f"{RANK_CHARS[piece >> 2]}={tile}"
    return tile


_TILE_HELP: Final = (
    "a tile is a rank (A, 2-10, T, J, Q, K) and a colour, d (dark) or l (light), such as 5d or Kl"
)


def _rank_and_colour(text: str, whole: str) -> tuple[int, int | None]:
    body = text.strip()
    colour: int | None = None
    if body and body[-1].lower() in COLOURS:
        colour = COLOURS.index(body[-1].lower())
        body = body[:-1]
    try:
        rank = int(Rank.parse(body)) if body else 0
    except CardParseError:
        rank = 0
    if not rank:
        raise TileParseError(f"{whole!r} is not a tile: {_TILE_HELP}")
    return rank, colour


def parse_tile(text: str) -> int:
    """The tile written ``text``: a rank and ``d`` or ``l``, any case (``5d``, ``10L``, ``kd``).

    >>> tile_text(parse_tile(" 10L "))
    'Tl'
    >>> parse_tile("5h")
    Traceback (most recent call last):
    ...
    cribkit.games.tiles.rules.TileParseError: '5h' is not a tile: a tile is a rank (A, 2-10, T, J, Q, K) and a colour, d (dark) or l (light), such as 5d or Kl
    """
    if not isinstance(text, str):
        raise TileParseError(f"a tile is text such as '5d', not {text!r}")
    rank, colour = _rank_and_colour(text, text)
    if colour is None:
        raise TileParseError(f"{text!r} is not a tile: {_TILE_HELP}")
    return tile_of(rank, colour)


def parse_tiles(text: str | Iterable[str | int]) -> tuple[int, ...]:
    """Tiles from text separated by spaces or commas, or from a list of texts or ints.

    >>> tiles_text(parse_tiles("5d, Kl 10d"))
    '5d Kl Td'
    """
    if isinstance(text, str):
        return tuple(parse_tile(t) for t in text.replace(",", " ").split())
    out = []
    for item in text:
        if isinstance(item, str):
            out.append(parse_tile(item))
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < KINDS:
            out.append(item)
        else:
            raise TileParseError(f"a tile is text such as '5d', not {item!r}")
    return tuple(out)


def parse_piece(text: str) -> int:
    """A piece: a tile (``5d``), or a turned tile as value ``=`` tile (``9=6d``, ``6=9l``).

    The colour may also be written on the value (``9d=6``) or on both sides if they agree.

    >>> [piece_text(parse_piece(t)) for t in ("5d", "9=6d", "9D=6", "6l=9l")]
    ['5d', '9=6d', '9=6d', '6=9l']
    >>> parse_piece("9=5d")
    Traceback (most recent call last):
    ...
    cribkit.games.tiles.rules.TileParseError: '9=5d': only a 6 can be placed as a 9 and only a 9 as a 6
    """
    if not isinstance(text, str):
        raise TileParseError(f"a tile is text such as '5d' or '9=6d', not {text!r}")
    if "=" not in text:
        return piece_of(parse_tile(text))
    left, _, right = text.partition("=")
    value, value_colour = _rank_and_colour(left, text)
    rank, colour = _rank_and_colour(right, text)
    if value_colour is not None and colour is not None and value_colour != colour:
        raise TileParseError(f"{text!r} gives two colours: write the colour once, as in 9=6d")
    colour = colour if colour is not None else value_colour
    if colour is None:
        raise TileParseError(f"{text!r} has no colour: write it as in 9=6d (the 6d placed as a 9)")
    if not _turns(rank) or value != 15 - rank:
        if value == rank and _turns(rank):
            raise TileParseError(
                f"{text!r}: a {rank} placed as a {rank} is written {tile_text(tile_of(rank, colour))}"
            )
        raise TileParseError(f"{text!r}: only a 6 can be placed as a 9 and only a 9 as a 6")
    return piece_of(tile_of(rank, colour), turned=True)


# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, kw_only=True)
class TilesRules(Rules):
    """The settings of a game of Cribbage Tiles (the options of ``rules/tiles.md``).

    >>> TilesRules()
    TilesRules(players=2, board_size=13, strict_cross_hands=True, joker=False, solitaire=False)
    >>> TilesRules(players=3, board_size=9).spec(), TilesRules().centre
    ('tiles:players=3,board_size=9', (6, 6))
    >>> TilesRules(solitaire=True, players=3)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.RulesError: tiles option solitaire=true is one player with the dark tiles against the light: players must be 2, not 3
    """

    GAME = "tiles"

    players: int = field(
        default=2, metadata={"choices": (2, 3, 4), "help": "the lowest draw plays first"}
    )
    board_size: int = field(
        default=13,
        metadata={
            "choices": tuple(range(7, 26, 2)),
            "help": "the board is board_size x board_size cells, the centre marked",
        },
    )
    strict_cross_hands: bool = field(
        default=True,
        metadata={"help": "every crib hand a play forms or extends must score at least 1"},
    )
    joker: bool = field(
        default=False,
        metadata={"help": "players declare their own score; opponents call Joker on a miss"},
    )
    solitaire: bool = field(
        default=False,
        metadata={"help": "one player: dark tiles (seat 0) against light (seat 1), two bags"},
    )

    def __post_init__(self) -> None:
        Rules.__post_init__(self)
        if self.solitaire and self.players != 2:
            raise RulesError(
                "tiles option solitaire=true is one player with the dark tiles against the "
                f"light: players must be 2, not {self.players}"
            )
        if self.solitaire and self.joker:
            raise RulesError(
                "tiles options solitaire and joker do not go together: Joker needs opponents"
            )

    @property
    def sides(self) -> int:
        """How many sides score: every seat (dark and light with ``solitaire``)."""
        return self.players

    @property
    def seats(self) -> int:
        """How many seats the game has: one a player (dark and light with ``solitaire``)."""
        return self.players

    @property
    def played_alone(self) -> bool:
        """With ``solitaire`` one person plays both colours."""
        return self.solitaire

    @property
    def centre(self) -> tuple[int, int]:
        """The centre cell as (row, column), counted from 0."""
        middle = self.board_size // 2
        return middle, middle

    @property
    def bag_count(self) -> int:
        """How many bags: one, or one per colour with ``solitaire``."""
        return 2 if self.solitaire else 1

    def bag_of(self, seat: int) -> int:
        """The bag ``seat`` draws from: 0, or its colour's bag with ``solitaire``."""
        return seat if self.solitaire else 0


# ---------------------------------------------------------------------------------------------
# The bag and the draw for the first player


def full_set() -> tuple[int, ...]:
    """The 104 tiles in order: four of each tile, ``Ad Ad Ad Ad Al ... Kl``."""
    return tuple(t for t in range(KINDS) for _ in range(COPIES))


def seeded_bag(seed: Seed) -> tuple[int, ...]:
    """The bag of a seeded game in drawing order: the shuffle labelled ``tiles:bag`` of
    :func:`full_set` (for a seed that is not fair, ``Random(f"tiles:{seed}:bag")``).

    >>> seeded_bag(1) == seeded_bag("1"), sorted(seeded_bag(1)) == list(full_set())
    (True, True)
    """
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    return tuple(shuffled(seed, "tiles:bag", full_set()))


def check_bag(tiles: Iterable[str | int]) -> tuple[int, ...]:
    """An explicit bag: all 104 tiles, four of each, in drawing order; else a GameError."""
    if isinstance(tiles, str) or not isinstance(tiles, Iterable):
        raise GameError(
            f"a bag is a list of the 104 tiles such as '5d', first drawn first, not {tiles!r}"
        )
    try:
        bag = parse_tiles(list(tiles))
    except TileParseError as error:
        raise GameError(f"the bag: {error}") from None
    if len(bag) != SET_SIZE:
        raise GameError(f"the bag has {len(bag)} tiles, not {SET_SIZE}")
    counts = Counter(bag)
    for tile in range(KINDS):
        if counts[tile] != COPIES:
            raise GameError(
                f"the bag has {counts[tile]} of {tile_text(tile)}: a set has {COPIES} of each tile"
            )
    return bag


def draw_bags(seed: Seed) -> Iterator[tuple[int, ...]]:
    """The bags of the draw for the first player: the ``n``-th is :func:`full_set` shuffled
    by the shuffle labelled ``f"tiles:draw:{n}"`` (for a seed that is not fair,
    ``Random(f"tiles:{seed}:draw:{n}")``; the drawn tiles go back, so each round is fresh)."""
    n = 0
    while True:
        yield tuple(shuffled(seed, f"tiles:draw:{n}", full_set()))
        n += 1


def draw_for_first_player(
    players: int, bags: Iterable[Sequence[int]]
) -> tuple[int, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """The draw for the first player: the lowest rank plays first (aces low, colour does not
    count); the players tied for lowest draw again, from the next bag.

    Each round the players still in the draw take the first tiles of the next bag, in seat
    order. Returns the first player and every round as (seats, tiles).

    >>> first, rounds = draw_for_first_player(3, [parse_tiles("3d 3l 9d"), parse_tiles("Kd 2l")])
    >>> first, [(seats, tiles_text(tiles)) for seats, tiles in rounds]
    (1, [((0, 1, 2), '3d 3l 9d'), ((0, 1), 'Kd 2l')])
    """
    return lowest_first(players, bags, tile_rank, "the draw for the first player ran out of bags")
