"""Storage: saved games and records on disk (the SQLite store of the web app comes later)."""
