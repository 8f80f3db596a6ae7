"""Storage: saved games and records on disk, and the web app's store of games (SQLite or PostgreSQL)."""
