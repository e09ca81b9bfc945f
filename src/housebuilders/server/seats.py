"""The seats of a table: who sits there (a person or a bot), and the secret token
that is a person's seat (only its hash is kept)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from housebuilders.core import GameSpec
from housebuilders.server.bots import check_bot
from housebuilders.server.errors import ApiError


@dataclass
class SeatInfo:
    kind: str  # "human" or "bot"
    bot: str | None
    token_hash: str | None  # a person's seat without one is open: anyone may take it
    away: bool = False
    name: str | None = None  # a person's name at the table, if given
    resigned: bool = False  # the person resigned: the seat loses, the clock bot plays it
    abandon: bool = False  # the person votes to abandon the game

    @property
    def open(self) -> bool:
        """A person's seat nobody has taken yet (``Changes.take``)."""
        return self.kind == "human" and self.token_hash is None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def address_digest(address: str | None) -> str | None:
    """What a table keeps of the address that opened it (for the bot seats one address
    may have in play): a digest, not the address (None: not known)."""
    if address is None:
        return None
    return hashlib.sha256(f"housebuilders opener {address}".encode()).hexdigest()[:32]


def new_seats(
    seats: Sequence[tuple[str, str | None, str | None]],
    spec: GameSpec,
    move_seconds: float,
    token_hashes: Sequence[str | None] | None = None,
) -> tuple[list[SeatInfo], list[str | None]]:
    """The seats of a new table, from (kind, bot, name) triples: a bot seat's bot is
    checked (``bots.check_bot``, 422 if it does not fit), a person's seat gets a new
    token and keeps its name, or keeps the token of ``token_hashes`` (a rematch: the
    seat's token at the last table), an open seat ("open") none until someone takes
    it. Returns the seats and each seat's new token (None for a bot seat, an open
    seat or a kept token)."""
    infos: list[SeatInfo] = []
    tokens: list[str | None] = []
    kept = token_hashes or [None] * len(seats)
    for (kind, bot, name), token_hash in zip(seats, kept, strict=True):
        if kind == "bot":
            infos.append(SeatInfo("bot", check_bot(bot or "", spec, move_seconds), None))
            tokens.append(None)
        elif kind == "open":
            infos.append(SeatInfo("human", None, None))
            tokens.append(None)
        elif token_hash is not None:
            infos.append(SeatInfo("human", None, token_hash, name=name))
            tokens.append(None)
        else:
            token = secrets.token_urlsafe(18)
            infos.append(SeatInfo("human", None, hash_token(token), name=name))
            tokens.append(token)
    return infos, tokens


def find_seat(seats: Sequence[SeatInfo], token: str | None) -> int | None:
    """The seat a token belongs to (None: no token, a spectator); 403 for a token
    that is no seat's."""
    if token is None:
        return None
    digest = hash_token(token)
    for number, seat in enumerate(seats):
        if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
            return number
    raise ApiError(403, "this token is not a seat at this table")
