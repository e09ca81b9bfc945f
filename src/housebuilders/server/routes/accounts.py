"""Optional accounts (``accounts.py``): sign up, sign in and out with a name and a
password, and the seats an account holds ("my games", on any device)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, Request, Response
from pydantic import BaseModel, Field

from housebuilders.server.accounts import COOKIE, SESSION_SECONDS, SIGNED_IN, Account
from housebuilders.server.errors import ApiError
from housebuilders.server.routes.common import Service, opening
from housebuilders.server.schemas import AccountRequest, errors

router = APIRouter()

SessionCookie = Annotated[str | None, Cookie(alias=COOKIE, description="the session")]


class AccountPublic(BaseModel):
    name: str = Field(description="the account's name")


class HeldSeatPublic(BaseModel):
    table: str
    game: str
    seat: int
    status: str = Field(description="playing, finished or abandoned")
    created: str = Field(description="when the table was opened (ISO 8601)")
    url: str = Field(description="the seat's page (with its token)")


class MePublic(AccountPublic):
    tables: list[HeldSeatPublic] = Field(description="the seats the account holds, newest first")


class HoldRequest(BaseModel):
    table: str = Field(max_length=32)
    token: str = Field(max_length=64, description="the seat's token")


async def signed_in(service: Service, cookie: SessionCookie = None) -> Account:
    """The account the request's session cookie is signed in to: 401 if none."""
    account = await service.accounts.of(cookie)
    if account is None:
        raise ApiError(401, "sign in first (with your account's name and password)")
    return account


SignedIn = Annotated[Account, Depends(signed_in)]


def _signed(response: Response, request: Request, cookie: str) -> None:
    """The session cookie (HttpOnly: no script reads it), and beside it a flag a page's
    script may read, that says only that this browser is signed in (``SIGNED_IN``)."""
    secure = request.url.scheme == "https"
    options: dict[str, Any] = {"max_age": SESSION_SECONDS, "samesite": "lax", "secure": secure}
    response.set_cookie(COOKIE, cookie, httponly=True, **options)
    response.set_cookie(SIGNED_IN, "1", **options)


@router.post(
    "/api/accounts",
    operation_id="sign_up",
    status_code=201,
    response_model=AccountPublic,
    responses=errors(400, 409, 413, 422, 429),
    dependencies=[Depends(opening)],
)
async def sign_up(
    body: AccountRequest, service: Service, request: Request, response: Response
) -> dict[str, Any]:
    """Make an account (a name nobody has, whatever its case, and a password; no
    e-mail) and sign this browser in. Counts against the address's rate of tables
    opened."""
    account, cookie = await service.accounts.sign_up(body.name, body.password)
    _signed(response, request, cookie)
    return {"name": account.name}


@router.post(
    "/api/session",
    operation_id="sign_in",
    response_model=AccountPublic,
    responses=errors(400, 401, 413, 422, 429),
    dependencies=[Depends(opening)],
)
async def sign_in(
    body: AccountRequest, service: Service, request: Request, response: Response
) -> dict[str, Any]:
    """Sign this browser in (401 for a wrong name or password, without saying which).
    Counts against the address's rate of tables opened, which slows guessing."""
    account, cookie = await service.accounts.sign_in(body.name, body.password)
    _signed(response, request, cookie)
    return {"name": account.name}


@router.delete("/api/session", operation_id="sign_out", status_code=204, responses=errors(422))
async def sign_out(service: Service, response: Response, cookie: SessionCookie = None) -> None:
    """Sign this browser out (its session ends; the account's others go on)."""
    await service.accounts.sign_out(cookie)
    response.delete_cookie(COOKIE)
    response.delete_cookie(SIGNED_IN)


@router.get("/api/me", operation_id="me", response_model=MePublic, responses=errors(401, 422))
async def me(account: SignedIn, service: Service) -> dict[str, Any]:
    """The signed-in account and the seats it holds: its games, on any device."""
    return {"name": account.name, "tables": await service.accounts.tables(account)}


@router.post(
    "/api/me/tables",
    operation_id="hold_seat",
    status_code=201,
    response_model=HeldSeatPublic,
    responses=errors(400, 401, 403, 404, 413, 422),
)
async def hold(body: HoldRequest, account: SignedIn, service: Service) -> dict[str, Any]:
    """The signed-in account holds the seat of ``token`` at ``table`` (a table page
    does it for a signed-in person): its link is kept for the account, to open on
    any device, and the table's result counts in the account's ratings."""
    return await service.accounts.hold(account, body.table, body.token)
