"""Passkeys: WebAuthn with the ``webauthn`` library. A passkey is registered by a signed-in
device (a resident key: the authenticator keeps the account's handle, so signing in needs no
name typed; user verification preferred) and signs in any device its authenticator reaches.

The relying party is the site's host name (never an IP address: WebAuthn refuses one), the
origin the page's own. Each ceremony's challenge is the server's (32 random bytes), kept by the
caller until the answer comes (the web app keeps it in the device's signed session) and used
once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import (
    base64url_to_bytes,
    bytes_to_base64url,
    parse_authentication_credential_json,
)
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cribkit.accounts.store import Account, AccountError

#: The site's name as an authenticator shows it.
SITE_NAME: Final = "cribkit"
#: Milliseconds a ceremony may take in the browser.
TIMEOUT_MS: Final = 120_000


class PasskeyError(AccountError):
    """A passkey's answer that does not check: one line saying why."""


@dataclass(frozen=True, slots=True)
class NewPasskey:
    """A passkey as registered: its credential id and public key (base64url), its counter and
    the ways its authenticator is reached."""

    id: str
    public_key: str
    sign_count: int
    transports: tuple[str, ...]


def registration_options(
    account: Account, rp_id: str, registered: list[str]
) -> tuple[dict[str, Any], bytes]:
    """The options of ``navigator.credentials.create`` for a new passkey of ``account`` (JSON:
    binary fields in base64url), and their challenge. ``registered`` (credential ids) are
    excluded: one authenticator, one passkey of the account."""
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name=SITE_NAME,
        user_id=account.id.encode(),
        user_name=account.name or "",
        user_display_name=account.name or "",
        timeout=TIMEOUT_MS,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED,
        ),
        exclude_credentials=[
            PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in registered
        ],
    )
    data: dict[str, Any] = json.loads(options_to_json(options))
    return data, options.challenge


def verify_registration(
    credential: dict[str, Any], challenge: bytes, rp_id: str, origin: str
) -> NewPasskey:
    """The passkey of a ``navigator.credentials.create`` answer (as JSON), checked against
    the challenge, the site and the origin; :class:`PasskeyError` if it does not check."""
    try:
        verified = verify_registration_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as error:
        raise PasskeyError(f"the passkey was not registered: {_one_line(error)}") from None
    response = credential.get("response") if isinstance(credential, dict) else None
    transports = response.get("transports", []) if isinstance(response, dict) else []
    return NewPasskey(
        id=bytes_to_base64url(verified.credential_id),
        public_key=bytes_to_base64url(verified.credential_public_key),
        sign_count=verified.sign_count,
        transports=tuple(str(t) for t in transports if isinstance(t, str))[:8],
    )


def authentication_options(rp_id: str) -> tuple[dict[str, Any], bytes]:
    """The options of ``navigator.credentials.get`` for signing in with any passkey of the
    site (the authenticator offers its own: no name is typed), and their challenge."""
    options = generate_authentication_options(
        rp_id=rp_id,
        timeout=TIMEOUT_MS,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    data: dict[str, Any] = json.loads(options_to_json(options))
    return data, options.challenge


def credential_id(credential: dict[str, Any]) -> str:
    """The credential id a ``navigator.credentials.get`` answer names (base64url);
    :class:`PasskeyError` for an answer that is none."""
    try:
        parsed = parse_authentication_credential_json(json.dumps(credential))
    except (ValueError, KeyError, TypeError) as error:
        raise PasskeyError(f"that is no passkey's answer: {_one_line(error)}") from None
    return bytes_to_base64url(parsed.raw_id)


def verify_authentication(
    credential: dict[str, Any],
    challenge: bytes,
    rp_id: str,
    origin: str,
    public_key: str,
    sign_count: int,
) -> int:
    """Check a ``navigator.credentials.get`` answer against the challenge, the site, the
    origin and the passkey's public key: its new counter; :class:`PasskeyError` if it does not
    check (a counter gone backwards too: a cloned authenticator)."""
    try:
        verified = verify_authentication_response(
            credential=credential,
            expected_challenge=challenge,
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(public_key),
            credential_current_sign_count=sign_count,
        )
    except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError) as error:
        raise PasskeyError(f"the passkey did not sign in: {_one_line(error)}") from None
    return verified.new_sign_count


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:200] or type(error).__name__
