"""Running cribkit as a site: the processes of a cluster (``cribkit worker``'s process, the
one-machine cluster of ``make cluster`` and its parts: PostgreSQL, Redis, HAProxy), and starting
``cribkit serve`` or Debian's Chromium as processes of their own. ``cribkit.web`` holds the HTTP
surface and the live games and never imports this package (an import contract says so)."""
