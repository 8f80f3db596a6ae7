"""Your account (``docs/web.md``, "Accounts"): a guest claims a name (and a password, if they
like) and keeps every game, statistic and setting; signs in with the password on another
device; sees the devices signed in and signs one out, or all; changes the password; exports
everything the site keeps of them; deletes the account. The rules are :mod:`cribkit.accounts`'.

A signed-in device's cookie holds its session's secret (the store keeps its SHA-256 only) and
the account's player id: it plays as that player. Every route that changes something refuses a
page of another site (:mod:`cribkit.web.guard`, "Cross-site requests").
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import segno
from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from cribkit.accounts import passkeys
from cribkit.accounts.names import InvalidNameError
from cribkit.accounts.passwords import WeakPasswordError
from cribkit.accounts.signin import SignInError, change_password, claim, sign_in
from cribkit.accounts.store import (
    Account,
    AccountError,
    AccountStore,
    AlreadyNamedError,
    NameTakenError,
    Session,
    StoredPasskey,
    secret_digest,
)
from cribkit.store.base import Store
from cribkit.web.context import SIGNED_IN, Games, Player, Storage
from cribkit.web.errors import ApiError
from cribkit.web.routes.saved import finished_record, sealed
from cribkit.web.tables import new_join_code, normal_join_code

router = APIRouter(tags=["accounts"])


class Claim(BaseModel):
    """The body of ``POST /api/account``."""

    name: str = Field(description="3 to 20 letters, digits, _ and -")
    password: str | None = Field(default=None, description="8 to 256 characters, or none yet")


class SignIn(BaseModel):
    """The body of ``POST /api/account/sign-in``."""

    name: str
    password: str


class NewPassword(BaseModel):
    """The body of ``POST /api/account/password``: the new password (null: remove it) and the
    current one (when the account has one)."""

    password: str | None
    current: str | None = None


class LinkCode(BaseModel):
    """The body of ``POST /api/account/link``: the code another device shows."""

    code: str


class PasskeyAnswer(BaseModel):
    """The body of ``POST /api/account/passkeys`` and ``/api/account/passkey-sign-in``: the
    browser's answer (``PublicKeyCredential.toJSON()``)."""

    credential: dict[str, Any]


class Deletion(BaseModel):
    """The body of ``POST /api/account/delete``: the account's name, typed again."""

    confirm: str


def device_of(user_agent: str) -> str:
    """A device as its owner knows it, from the browser's ``User-Agent`` ("Firefox on
    Linux"); "a program" for anything else.

    >>> device_of("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")
    'Firefox on Linux'
    >>> device_of("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
    ...           "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")
    'Safari on an iPhone'
    >>> device_of("python-httpx/0.27.0")
    'a program'
    """
    browsers = [("Edg/", "Edge"), ("Firefox/", "Firefox"), ("Chromium/", "Chromium"),
                ("Chrome/", "Chrome"), ("HeadlessChrome", "Chromium"), ("Safari/", "Safari")]  # fmt: skip
    systems = [("Android", "Android"), ("iPhone", "an iPhone"), ("iPad", "an iPad"),
               ("Windows", "Windows"), ("Mac OS X", "a Mac"), ("CrOS", "ChromeOS"),
               ("Linux", "Linux")]  # fmt: skip
    browser = next((name for mark, name in browsers if mark in user_agent), None)
    system = next((name for mark, name in systems if mark in user_agent), None)
    if browser is None:
        return "a program"
    return f"{browser} on {system}" if system else browser


def _device(request: Request) -> str:
    return device_of(re.sub(r"\s+", " ", request.headers.get("user-agent", ""))[:300])


def _accounts(store: Store) -> AccountStore:
    return AccountStore(store)


def _public(account: Account) -> dict[str, Any]:
    return {"name": account.name, "created": account.created, "password": account.has_password}


def _session(request: Request, store: Store) -> tuple[Account, Session] | None:
    """The account and session of this device's cookie, or None for a guest."""
    secret = request.session.get(SIGNED_IN)
    return AccountStore(store).session(secret) if isinstance(secret, str) else None


def signed_in(request: Request, store: Store) -> tuple[Account, str]:
    """The session's account and its session id; a 401 for a guest."""
    found = _session(request, store)
    if found is None:
        raise ApiError(401, "not_signed_in", "sign in first: this device is a guest's")
    return found[0], found[1].id


def _sign_in_here(request: Request, account: Account, secret: str) -> None:
    request.session.clear()
    request.session.update({"player": account.player, SIGNED_IN: secret, "name": account.name})


def _refused(error: AccountError | ValueError) -> ApiError:
    if isinstance(error, SignInError):
        return ApiError(401, "sign_in_failed", str(error))
    if isinstance(error, NameTakenError | AlreadyNamedError):
        return ApiError(
            409, "name_taken" if isinstance(error, NameTakenError) else "named", str(error)
        )
    if isinstance(error, InvalidNameError):
        return ApiError(422, "bad_name", str(error))
    if isinstance(error, WeakPasswordError):
        return ApiError(422, "weak_password", str(error))
    return ApiError(422, "bad_request", str(error))


@router.get("/api/account")
def account(request: Request, store: Storage, player: Player) -> dict[str, Any]:
    """This device's account: ``{"signed_in", "account": {"name", "created", "password"}}``
    (``account`` null for a guest)."""
    found = _session(request, store)
    return {"signed_in": found is not None, "account": _public(found[0]) if found else None}


@router.post("/api/account")
async def claim_name(
    body: Claim, request: Request, store: Storage, player: Player
) -> dict[str, Any]:
    """Claim a name for this guest (and a password, if given): every game and statistic of the
    guest's stays theirs; this device is signed in."""
    try:
        made, secret = await asyncio.to_thread(
            claim, _accounts(store), player, body.name, body.password, _device(request)
        )
    except (AccountError, ValueError) as error:
        raise _refused(error) from None
    _sign_in_here(request, made, secret)
    return {"signed_in": True, "account": _public(made)}


@router.post("/api/account/sign-in")
async def sign_in_with_password(
    body: SignIn, request: Request, store: Storage, manager: Games
) -> dict[str, Any]:
    """Sign this device in with a name and its password: the same answer (401) for an unknown
    name and a wrong password; a 429 beyond the limits of an address, a name or the site."""
    address = request.client.host if request.client is not None else "?"
    refusal = manager.limits.refuse_sign_in(address, body.name)
    if refusal is not None:
        raise ApiError(429, "rate_limited", refusal)
    try:
        found, secret = await asyncio.to_thread(
            sign_in, _accounts(store), body.name, body.password, _device(request)
        )
    except AccountError as error:
        raise _refused(error) from None
    _sign_in_here(request, found, secret)
    return {"signed_in": True, "account": _public(found)}


@router.post("/api/account/sign-out")
def sign_out(request: Request, store: Storage) -> dict[str, Any]:
    """Sign this device out (body ``{}``): it is a new guest."""
    found = _session(request, store)
    if found is not None:
        AccountStore(store).end_session(found[0].id, found[1].id)
    request.session.clear()
    return {"signed_in": False, "account": None}


@router.post("/api/account/sign-out-everywhere")
def sign_out_everywhere(request: Request, store: Storage) -> dict[str, Any]:
    """Sign every device of the account out, this one too (body ``{}``)."""
    found, _ = signed_in(request, store)
    ended = AccountStore(store).end_sessions(found.id)
    request.session.clear()
    return {"signed_in": False, "account": None, "ended": ended}


@router.get("/api/account/sessions")
def sessions(request: Request, store: Storage) -> list[dict[str, Any]]:
    """The devices signed in to the account, the last used first: ``{"id", "device",
    "created", "last_used", "this"}``."""
    found, this = signed_in(request, store)
    return [
        {
            "id": s.id[:16],
            "device": s.device,
            "created": s.created,
            "last_used": s.last_used,
            "this": s.id == this,
        }
        for s in AccountStore(store).sessions(found.id)
    ]


@router.delete("/api/account/sessions/{session_id}")
def end_session(session_id: str, request: Request, store: Storage) -> dict[str, Any]:
    """Sign one device out (its ``id`` from the list)."""
    found, _ = signed_in(request, store)
    accounts = AccountStore(store)
    match = [s.id for s in accounts.sessions(found.id) if s.id[:16] == session_id[:16]]
    if not match or not accounts.end_session(found.id, match[0]):
        raise ApiError(404, "not_found", "no such device signed in")
    if secret_digest(request.session.get(SIGNED_IN, "")) == match[0]:
        request.session.clear()
    return {"ended": True}


@router.post("/api/account/link-code")
def link_code(request: Request, store: Storage) -> dict[str, Any]:
    """A one-time code (``XXXX-XXXX``) that signs another device in to this account, for five
    minutes (body ``{}``): the account's earlier code is gone. With it the page's address that
    uses it (``link``: ``/#/link/CODE``, the code after the ``#``, which no server's log holds)
    and that address as a QR code (``qr``, an SVG ``data:`` URI) for a phone's camera."""
    found, _ = signed_in(request, store)
    code = new_join_code()
    expires = AccountStore(store).add_link_code(found.id, code)
    link = f"{str(request.base_url).rstrip('/')}/#/link/{code}"
    qr = segno.make(link, error="m").svg_data_uri(scale=4, border=2)
    return {"code": code, "expires": expires, "link": link, "qr": qr}


@router.post("/api/account/link")
async def link(body: LinkCode, request: Request, store: Storage, manager: Games) -> dict[str, Any]:
    """Sign this device in by the code a signed-in device shows (no password typed): once,
    within five minutes; a 401 for a code that is not one, a 429 beyond the address's tries
    of codes a minute (the invitations' own limit)."""
    address = request.client.host if request.client is not None else "?"
    if not manager.limits.allow_lookup(address):
        raise ApiError(429, "rate_limited", "too many codes tried from here: wait a minute")
    code = normal_join_code(body.code[:32])
    accounts = _accounts(store)
    found = await asyncio.to_thread(accounts.use_link_code, code) if code else None
    if found is None:
        raise ApiError(
            401, "bad_code", "no such code: it is wrong, used or older than five minutes"
        )
    secret, _ = await asyncio.to_thread(accounts.open_session, found.id, _device(request))
    _sign_in_here(request, found, secret)
    return {"signed_in": True, "account": _public(found)}


#: The session's key of a passkey ceremony's challenge (base64url), used once.
CHALLENGE = "passkey_challenge"


def _relying_party(request: Request) -> tuple[str, str]:
    """The site's WebAuthn relying party id (its host name) and the page's origin; a 422 for
    an address WebAuthn refuses (an IP address: open the site by its name, ``localhost``)."""
    host = request.url.hostname or ""
    if not host or host.replace(".", "").isdigit() or ":" in host:
        raise ApiError(
            422,
            "no_passkeys_here",
            "passkeys need the site's name, not an address: open it as localhost",
        )
    return host, f"{request.url.scheme}://{request.url.netloc}"


def _challenge(request: Request) -> bytes:
    sent = request.session.pop(CHALLENGE, None)
    if not isinstance(sent, str):
        raise ApiError(409, "no_challenge", "ask for the passkey's options first")
    return base64url_to_bytes(sent)


@router.post("/api/account/passkeys/options")
def passkey_options(request: Request, store: Storage) -> dict[str, Any]:
    """The options of a new passkey of this account (body ``{}``), for
    ``navigator.credentials.create``."""
    found, _ = signed_in(request, store)
    rp_id, _origin = _relying_party(request)
    registered = [p.id for p in AccountStore(store).passkeys_of(found.id)]
    options, challenge = passkeys.registration_options(found, rp_id, registered)
    request.session[CHALLENGE] = bytes_to_base64url(challenge)
    return options


@router.post("/api/account/passkeys")
def add_passkey(body: PasskeyAnswer, request: Request, store: Storage) -> dict[str, Any]:
    """Register the passkey the browser made from those options."""
    found, _ = signed_in(request, store)
    rp_id, origin = _relying_party(request)
    try:
        made = passkeys.verify_registration(body.credential, _challenge(request), rp_id, origin)
    except AccountError as error:
        raise ApiError(422, "bad_passkey", str(error)) from None
    kept = StoredPasskey(made.id, made.public_key, made.sign_count, made.transports,
                         _device(request), time.time())  # fmt: skip
    AccountStore(store).add_passkey(found.id, kept)
    return {"id": made.id, "label": kept.label}


@router.get("/api/account/passkeys")
def list_passkeys(request: Request, store: Storage) -> list[dict[str, Any]]:
    """The account's passkeys: ``{"id", "label", "created", "last_used"}``."""
    found, _ = signed_in(request, store)
    return [
        {"id": p.id, "label": p.label, "created": p.created, "last_used": p.last_used}
        for p in AccountStore(store).passkeys_of(found.id)
    ]


@router.delete("/api/account/passkeys/{credential_id}")
def remove_passkey(credential_id: str, request: Request, store: Storage) -> dict[str, Any]:
    """Remove one of the account's passkeys (never the last way to sign in)."""
    found, _ = signed_in(request, store)
    try:
        removed = AccountStore(store).remove_passkey(found.id, credential_id[:512])
    except AccountError as error:
        raise ApiError(409, "last_way_in", str(error)) from None
    if not removed:
        raise ApiError(404, "not_found", "no such passkey")
    return {"removed": True}


@router.post("/api/account/passkey-sign-in/options")
def passkey_sign_in_options(request: Request) -> dict[str, Any]:
    """The options of ``navigator.credentials.get`` to sign in with a passkey (body ``{}``):
    the authenticator offers the site's passkeys it holds."""
    rp_id, _origin = _relying_party(request)
    options, challenge = passkeys.authentication_options(rp_id)
    request.session[CHALLENGE] = bytes_to_base64url(challenge)
    return options


@router.post("/api/account/passkey-sign-in")
async def passkey_sign_in(
    body: PasskeyAnswer, request: Request, store: Storage, manager: Games
) -> dict[str, Any]:
    """Sign this device in with the passkey's answer; a 401 if it does not check."""
    rp_id, origin = _relying_party(request)
    challenge = _challenge(request)
    address = request.client.host if request.client is not None else "?"
    try:
        credential = passkeys.credential_id(body.credential)
    except AccountError as error:
        raise ApiError(401, "sign_in_failed", str(error)) from None
    refusal = manager.limits.refuse_sign_in(address, credential[:64])
    if refusal is not None:
        raise ApiError(429, "rate_limited", refusal)
    accounts = _accounts(store)
    found = await asyncio.to_thread(accounts.passkey, credential)
    if found is None:
        raise ApiError(401, "sign_in_failed", "that passkey is no account's here")
    account_found, stored = found
    try:
        count = passkeys.verify_authentication(
            body.credential, challenge, rp_id, origin, stored.public_key, stored.sign_count
        )
    except AccountError as error:
        raise ApiError(401, "sign_in_failed", str(error)) from None
    await asyncio.to_thread(accounts.passkey_used, credential, count)
    secret, _ = await asyncio.to_thread(accounts.open_session, account_found.id, _device(request))
    _sign_in_here(request, account_found, secret)
    return {"signed_in": True, "account": _public(account_found)}


@router.post("/api/account/password")
async def password(body: NewPassword, request: Request, store: Storage) -> dict[str, Any]:
    """Set, change or remove the password (the current one asked for when there is one; never
    the last way to sign in)."""
    found, _ = signed_in(request, store)
    try:
        await asyncio.to_thread(
            change_password, _accounts(store), found, body.password, body.current
        )
    except (AccountError, ValueError) as error:
        raise _refused(error) from None
    now = AccountStore(store).by_id(found.id) or found
    return {"signed_in": True, "account": _public(now)}


@router.get("/api/account/export")
def export(request: Request, store: Storage) -> dict[str, Any]:
    """Everything the site keeps of the account, as JSON: the account, its devices, and the
    records of its finished games (the records format) with the others listed."""
    found, _ = signed_in(request, store)
    accounts = AccountStore(store)
    games = [row for row in store.list_games() if row.owned_by(found.player)]
    # (a table of a duplicate round still being played is listed, its record kept back)
    finished = [row for row in games if row.status != "playing" and not sealed(store, row)]
    done = {row.id for row in finished}
    return {
        "account": {**_public(found), "player": found.player},
        "sessions": [
            {"device": s.device, "created": s.created, "last_used": s.last_used}
            for s in accounts.sessions(found.id)
        ],
        "records": [finished_record(store, row.id, found.player) for row in finished],
        "unfinished": [row.id for row in games if row.id not in done],
    }


@router.post("/api/account/delete")
def delete(body: Deletion, request: Request, store: Storage) -> dict[str, Any]:
    """Delete the account (its name typed again as ``confirm``): its name, password, devices
    and ratings gone, its games kept; this device a new guest."""
    found, _ = signed_in(request, store)
    if found.name is None or body.confirm.casefold() != found.name.casefold():
        raise ApiError(422, "bad_request", "type the account's name to delete it: nothing changed")
    AccountStore(store).delete(found.id)
    request.session.clear()
    return {"signed_in": False, "account": None, "deleted": True}
