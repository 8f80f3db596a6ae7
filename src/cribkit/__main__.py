"""``python -m cribkit``: the same as the ``cribkit`` command."""

from cribkit.cli.app import main

if __name__ == "__main__":
    main()
