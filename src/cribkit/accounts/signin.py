"""Signing in: claiming a name (with a password, or none yet), a password's sign-in, the
limits on guessing. The interfaces call these; the accounts' store keeps what they decide.

A failed sign-in says the same whether the name is unknown or the password wrong, and costs
the same work (:func:`cribkit.accounts.passwords.verify_password` checks a stand-in hash for an
unknown name): no answer tells whether a name has an account beyond its public profile.
"""

from __future__ import annotations

from typing import Final

from cribkit.accounts.names import InvalidNameError
from cribkit.accounts.passwords import (
    MAX_LENGTH,
    check_password,
    hash_password,
    needs_rehash,
    verify_password,
)
from cribkit.accounts.store import Account, AccountError, AccountStore

#: Password sign-ins one address may try a minute.
SIGN_INS_PER_ADDRESS: Final = 10
#: Password sign-ins a minute for one name (from every address together).
SIGN_INS_PER_NAME: Final = 5
#: Password sign-ins a minute across the whole site (every server of a cluster together).
SIGN_INS_OVERALL: Final = 600

#: The one answer to a failed sign-in.
FAILED: Final = "no account has that name and password"


class SignInError(AccountError):
    """A sign-in that failed: always :data:`FAILED`, whatever failed."""

    def __init__(self) -> None:
        super().__init__(FAILED)


def claim(
    accounts: AccountStore, player: str, name: str, password: str | None, device: str
) -> tuple[Account, str]:
    """Give the guest ``player`` the name (and the password, when given), signed in on
    ``device``: the account and the new session's secret. Nothing is kept if the name or the
    password is refused."""
    if password is not None:
        check_password(password, name)
    account = accounts.claim(player, name)
    if password is not None:
        accounts.set_password(account.id, hash_password(password))
    secret, _ = accounts.open_session(account.id, device)
    return accounts.by_id(account.id) or account, secret


def sign_in(accounts: AccountStore, name: str, password: str, device: str) -> tuple[Account, str]:
    """The account of ``name`` if ``password`` is its password, signed in on ``device`` (its
    hash made again if the parameters changed): the account and the session's secret; else
    :class:`SignInError`, after the same work."""
    try:
        account = accounts.by_name(name) if isinstance(name, str) and len(name) <= 64 else None
    except InvalidNameError:
        account = None
    stored = accounts.password_hash(account.id) if account is not None else None
    given = password if isinstance(password, str) and len(password) <= MAX_LENGTH else ""
    if not verify_password(stored, given) or account is None or stored is None:
        raise SignInError
    if needs_rehash(stored):
        accounts.set_password(account.id, hash_password(given))
    secret, _ = accounts.open_session(account.id, device)
    return account, secret


def change_password(
    accounts: AccountStore, account: Account, password: str | None, current: str | None
) -> None:
    """Set, change or remove (``password`` None) the account's password. Changing or removing
    one asks for the current password; removing it is refused while it is the account's only
    way to sign in (``has_passkey`` False)."""
    stored = accounts.password_hash(account.id)
    if stored is not None and not verify_password(stored, current or ""):
        raise AccountError("the current password is not that: nothing changed")
    if password is None:
        if not accounts.passkey_count(account.id):
            raise AccountError("a password is removed only once a passkey signs you in")
        accounts.set_password(account.id, None)
        return
    check_password(password, account.name)
    accounts.set_password(account.id, hash_password(password))
