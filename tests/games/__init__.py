"""Tests of the game engines, their protocol and their records."""
