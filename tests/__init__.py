"""The tests of cribkit (a package, so that test modules can share helpers)."""
