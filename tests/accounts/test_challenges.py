"""Challenges in the store, on SQLite and PostgreSQL: only a friend, never across a block; a
challenge is listed while its invitation is open."""

from __future__ import annotations

import pytest

from cribkit.accounts.challenges import ChallengeError, Challenges
from cribkit.accounts.store import AccountStore
from cribkit.store.base import Invite, Store, Table, new_row


def test_a_friend_is_challenged_while_the_invitation_is_open(store: Store) -> None:
    accounts = AccountStore(store)
    ann, bob, cal = (accounts.claim(f"p-{n}", n) for n in ("Ann", "Bob", "Cal"))
    challenges = Challenges(accounts)
    with pytest.raises(ChallengeError, match="not on your friends list"):
        challenges.check(ann, bob)
    accounts.relate(ann.id, bob.id, "friend")
    challenges.check(ann, bob)
    accounts.relate(bob.id, ann.id, "block")  # (Bob blocks Ann: the friendship ends too)
    with pytest.raises(ChallengeError, match="cannot challenge Bob"):
        challenges.check(ann, bob)
    accounts.relate(ann.id, cal.id, "friend")
    invite = Invite(code="link-code", join="ABCD-EFGH")
    table = Table(host=ann.player, invites={1: invite})
    store.create_game(new_row("g1", game="classic", spec="classic", rules={}, seed=1, mode="table",
                              ai="expert", humans=(0, 1), tokens={0: "t0", 1: "t1"},
                              owners={0: ann.player}, table=table))  # fmt: skip
    challenges.add(invite.code, "g1", ann, cal, now=5.0)
    [seen] = challenges.to(cal.id)
    assert (seen.code, seen.game_id, seen.by, seen.to, seen.created) == (
        "link-code", "g1", "Ann", "Cal", 5.0
    )  # fmt: skip
    assert challenges.by(ann.id) == [seen]
    assert challenges.to(ann.id) == []
    assert challenges.remove("link-code", to_id=ann.id) is None  # (only Cy declines it)
    # The invitation taken: the challenge is listed no more.
    found = store.load_game("g1")
    assert found is not None
    assert store.close_invite(found, 1)
    assert challenges.to(cal.id) == []
    assert challenges.remove("link-code") == seen
