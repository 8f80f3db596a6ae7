"""Keys pressed before the player could see the end of a deal are dropped, not played in the
next deal.

A terminal game counts the show (and lets the computer start the next deal) in one go; the
keys pressed meanwhile wait in the terminal's queue and, without this gate, would pick or play
cards of a deal the player has not seen yet (issue 36: "a key pressed during the show carries
into the next deal"). Textual stamps every key with the moment it arrived, so the gate only
has to remember when the end of the deal was drawn and drop any key stamped before it.

>>> from textual.events import Key
>>> gate = KeyGate()
>>> early = Key("1", "1")
>>> gate.holds(early)
False
>>> gate.close()
>>> gate.holds(early), gate.holds(Key("1", "1"))
(True, False)
"""

from __future__ import annotations

# The clock Textual stamps its events with (monotonic, or perf_counter on Windows).
from textual._time import get_time
from textual.events import Event, Key


class KeyGate:
    """Remembers when the end of a deal was drawn; holds back every key pressed before it."""

    def __init__(self) -> None:
        #: Keys that arrived before this moment (Textual's clock) are dropped.
        self.opens_at = 0.0

    def close(self) -> None:
        """The end of a deal is on the screen now: the keys pressed until now were pressed
        before the player could see it."""
        self.opens_at = get_time()

    def holds(self, event: Event) -> bool:
        """Whether ``event`` is a key pressed before the last end of a deal was drawn."""
        return isinstance(event, Key) and event.time < self.opens_at
