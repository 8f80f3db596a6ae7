"""The web app: ``cribkit serve`` (see ``docs/web.md``)."""
