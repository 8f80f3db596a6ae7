"""Players with a name: names (:mod:`cribkit.accounts.names`), passwords, sign-in methods and
sessions, below the interfaces and on both stores."""
