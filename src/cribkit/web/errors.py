"""The API's errors: one JSON shape, ``{"error": code, "message": words}``, for every refusal."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

__all__ = ["ApiError", "install_error_handlers"]


class ApiError(Exception):
    """An API error: a status and the ``{"error", "message"}`` body."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def install_error_handlers(app: FastAPI) -> None:
    """Answer :class:`ApiError` and a body FastAPI cannot validate in the API's JSON shape."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.code, "message": error.message}, error.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in error.errors()
        )
        return JSONResponse({"error": "bad_request", "message": problems}, 422)
