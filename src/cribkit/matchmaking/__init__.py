"""Quick play with strangers: who waits in which pool, and who is paired with whom
(:mod:`cribkit.matchmaking.pairing`)."""
