"""The web app's routers, one concern each: the lobby, saved games, replays, statistics, play."""
