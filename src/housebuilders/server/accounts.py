"""Optional accounts: a person's name and password (no e-mail), the browsers signed in
with it, and the seats it holds, so that "my games" follow the person to any device and
their finished games are rated (``ratings.py``).

A password is kept as its scrypt hash only (``hashlib.scrypt``, a random salt per
account); a session is a random cookie of which the database keeps the SHA-256. The
seats an account holds keep their links (the seats' tokens): that is what lets its
person open them from another device (docs/security.md says what that means).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from housebuilders.server import db
from housebuilders.server.errors import ApiError
from housebuilders.server.seats import hash_token

if TYPE_CHECKING:
    from housebuilders.server.service import TableService

#: the session cookie's name, and how long a browser stays signed in (seconds); the
#: flag beside it, for the pages' scripts: this browser is signed in (nothing secret)
COOKIE = "hb_session"
SIGNED_IN = "hb_signed_in"
SESSION_SECONDS = 30 * 24 * 3600
#: scrypt's cost: 2^14 rounds of 8 blocks (16 MiB, about 50 ms a check), as OWASP advises
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
#: what a wrong name and a wrong password are both told (which of them is not said)
WRONG = "no account has that name and password"


def hash_password(password: str, salt: bytes | None = None) -> str:
    """``password``'s scrypt hash, as kept: "scrypt$n$r$p$salt$hash" (base64)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode(), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )
    b64 = base64.b64encode
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${b64(salt).decode()}${b64(digest).decode()}"


def password_matches(password: str, kept: str) -> bool:
    """Whether ``password`` is the one ``kept`` (``hash_password``'s) was made from."""
    try:
        _, n, r, p, salt, digest = kept.split("$")
        again = hashlib.scrypt(
            password.encode(), salt=base64.b64decode(salt), n=int(n), r=int(r), p=int(p), dklen=32
        )
    except ValueError:
        return False
    return hmac.compare_digest(again, base64.b64decode(digest))


def name_key(name: str) -> str:
    """A name as accounts compare it: "Ada", "ADA" and "Ａｄａ" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


@dataclass(frozen=True)
class Account:
    id: str
    name: str


class Accounts:
    """Signing up, in and out, and the seats an account holds."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def sign_up(self, name: str, password: str) -> tuple[Account, str]:
        """A new account (409 if the name is taken, whatever its case): it and a new
        session's cookie."""
        account = Account(secrets.token_urlsafe(9), name)
        kept = await self.service.run(lambda: hash_password(password))

        def write(session: Any) -> None:
            row = db.Account(
                id=account.id, name=name, name_key=name_key(name), password=kept, created=db.now()
            )
            session.add(row)
            session.flush()

        try:
            await self.service.transaction(write)
        except IntegrityError:
            raise ApiError(409, f"the name {name!r} is taken: choose another") from None
        return account, await self._new_session(account)

    async def sign_in(self, name: str, password: str) -> tuple[Account, str]:
        """The account of ``name`` and a new session's cookie; 401 if the name or the
        password is wrong (the answer does not say which)."""

        def read(session: Any) -> Any:
            key = name_key(name)
            return session.scalars(select(db.Account).where(db.Account.name_key == key)).first()

        row = await self.service.transaction(read)
        kept = row.password if row is not None else hash_password("", b"\0" * 16)
        ok = await self.service.run(lambda: password_matches(password, kept))
        if row is None or not ok:
            raise ApiError(401, WRONG)
        account = Account(row.id, row.name)
        return account, await self._new_session(account)

    async def sign_out(self, cookie: str | None) -> None:
        if cookie:
            digest = hash_token(cookie)
            await self.service.transaction(
                lambda session: session.execute(
                    delete(db.AccountSession).where(db.AccountSession.id == digest)
                )
            )

    async def of(self, cookie: str | None) -> Account | None:
        """The account a session cookie is signed in to (None: none, or not valid)."""
        if not cookie or len(cookie) > 64:
            return None
        digest = hash_token(cookie)

        def read(session: Any) -> Any:
            return session.execute(
                select(db.Account.id, db.Account.name, db.AccountSession.created)
                .join(db.AccountSession, db.AccountSession.account_id == db.Account.id)
                .where(db.AccountSession.id == digest)
            ).first()

        row = await self.service.transaction(read)
        if row is None:
            return None
        created = row.created if row.created.tzinfo else row.created.replace(tzinfo=UTC)
        if (db.now() - created).total_seconds() > SESSION_SECONDS:
            return None  # signed in too long ago: sign in again
        return Account(row.id, row.name)

    async def hold(self, account: Account, table_id: str, token: str) -> dict[str, Any]:
        """``account`` holds the seat ``token`` is at ``table_id`` (403 if it is none):
        its link is kept for the account. Returns it as ``tables`` lists it."""
        table = await self.service.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(403, "a spectator holds no seat: open your seat's link")

        def write(session: Any) -> dict[str, Any]:
            key = {"account_id": account.id, "table_id": table.id, "seat": seat}
            held = session.get(db.AccountSeat, key)
            if held is None:
                held = db.AccountSeat(**key, token=token, added=db.now())
                session.add(held)
            return _held(held, session.get(db.GameTable, table.id))

        return await self.service.transaction(write)

    async def tables(self, account: Account, limit: int = 100) -> list[dict[str, Any]]:
        """The seats ``account`` holds, the newest first: each table's game, status and
        the seat's link."""

        def read(session: Any) -> list[dict[str, Any]]:
            rows = session.execute(
                select(db.AccountSeat, db.GameTable)
                .join(db.GameTable, db.GameTable.id == db.AccountSeat.table_id)
                .where(db.AccountSeat.account_id == account.id)
                .order_by(db.GameTable.created.desc())
                .limit(limit)
            )
            return [_held(held, table) for held, table in rows]

        return await self.service.transaction(read)

    async def _new_session(self, account: Account) -> str:
        cookie = secrets.token_urlsafe(32)
        row = db.AccountSession(id=hash_token(cookie), account_id=account.id, created=db.now())
        await self.service.transaction(lambda session: session.add(row))
        return cookie


def _held(held: db.AccountSeat, table: db.GameTable) -> dict[str, Any]:
    """A seat an account holds, as ``Accounts.tables`` lists it."""
    return {
        "table": table.id,
        "game": table.game,
        "seat": held.seat,
        "status": table.status,
        "created": table.created.isoformat(),
        "url": f"/t/{table.id}?token={held.token}",
    }
