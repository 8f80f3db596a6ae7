"""The terminal games (Textual): one app a game, on one base for the games against the computer."""
