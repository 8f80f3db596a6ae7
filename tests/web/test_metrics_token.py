"""``/metrics`` behind a token (``cribkit serve --metrics-token-file``): only ``Authorization:
Bearer <token>`` reads it, anything else is the API's one-line 401; without a token it is open
as before. The other operations paths never ask for it."""

from __future__ import annotations

import warnings

import pytest

from cribkit.web.app import create_app

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from fastapi.testclient import TestClient

#: A scrape names the server by its own address.
BACKEND = "http://10.0.0.5:8000"
TOKEN = "5d1c0a-metrics"


@pytest.mark.parametrize(
    ("authorization", "status"),
    [
        (None, 401),
        ("Bearer wrong", 401),
        (f"Bearer {TOKEN}x", 401),
        (f"Basic {TOKEN}", 401),
        (TOKEN, 401),
        (f"Bearer {TOKEN}", 200),
        (f"bearer {TOKEN}", 200),
    ],
)
def test_metrics_need_the_token_when_there_is_one(authorization: str | None, status: int) -> None:
    app = create_app("sqlite:///:memory:", metrics_token=TOKEN)
    headers = {"Authorization": authorization} if authorization is not None else {}
    with TestClient(app, base_url=BACKEND) as client:
        answer = client.get("/metrics", headers=headers)
        assert answer.status_code == status, answer.text
        assert answer.headers["cache-control"] == "no-store"
        if status == 401:
            assert answer.json() == {
                "error": "unauthorized",
                "message": "/metrics needs Authorization: Bearer <token>",
            }
            assert answer.headers["www-authenticate"] == "Bearer"
            assert TOKEN not in answer.text
        else:
            assert "cribkit_active_games" in answer.text
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").status_code == 200


def test_without_a_token_metrics_are_open_as_before() -> None:
    with TestClient(create_app("sqlite:///:memory:"), base_url=BACKEND) as client:
        assert client.get("/metrics").status_code == 200
