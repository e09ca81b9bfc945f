"""What one server allows: its limits (``Limits``, from the environment or given to
``create_app``) and the rates of opening tables per address, and of chatting and
taking moves back per seat (``RateLimiter``).

See docs/security.md for what each limit protects.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Limits:
    """The server's limits; 0 turns a limit off."""

    #: tables one client address may open per minute (a burst of as many at once)
    tables_per_minute: int = 20
    #: tables in play with no person at them (bots only), server-wide
    max_bot_tables: int = 4
    #: bot seats at the tables in play, server-wide
    max_bot_seats: int = 100
    #: bot seats at one table: a table of many bots may not take the server's room
    max_table_bot_seats: int = 20
    #: bot seats at the tables in play opened from one client address
    max_address_bot_seats: int = 40
    #: seconds a table with bots may go without a move and without anyone watching
    #: before it is set aside (abandoned): its bots stop and stop counting against the
    #: caps above, until a person at it comes back
    abandon_seconds: int = 1800
    #: live (websocket) connections of spectators, per table
    max_spectators: int = 64
    #: live (websocket) connections per seat (a person's tabs and devices)
    max_seat_connections: int = 8
    #: chat messages one seat may send in ``CHAT_SECONDS`` (a burst of as many at once)
    chat_messages: int = 5
    #: moves one seat may take back per minute (a burst of as many at once): each undo
    #: replays the game from its start
    undos_per_minute: int = 10
    #: the shortest turn clock a table may have, in seconds a move (a shorter one gives
    #: a person's turns to its clock bot before they can move)
    min_clock_seconds: int = 30

    @property
    def min_clock(self) -> str:
        """The shortest turn clock in minutes, as the lobby and the refusals write it
        (``clock_minutes``: 0.5)."""
        return f"{self.min_clock_seconds / 60:g}"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **given: int | None) -> Limits:
        """The limits ``given`` (None: not given), else $HOUSEBUILDERS_<NAME> (e.g.
        HOUSEBUILDERS_TABLES_PER_MINUTE), else the defaults."""
        environ = os.environ if environ is None else environ
        values: dict[str, int] = {}
        for f in fields(cls):
            value = given.get(f.name)
            if value is None:
                variable = f"HOUSEBUILDERS_{f.name.upper()}"
                text = environ.get(variable)
                if text is None:
                    continue
                try:
                    value = int(text)
                except ValueError:
                    raise ValueError(f"{variable} must be a whole number, not {text!r}") from None
            if value < 0:
                raise ValueError(f"{f.name} must be 0 (no limit) or more, not {value}")
            values[f.name] = value
        return cls(**values)


#: the window of the chat's rate limit: ``Limits.chat_messages`` per this many seconds
CHAT_SECONDS = 10


class RateLimiter:
    """A token bucket per key (a client address, a table's seat): ``per_minute``
    tokens, refilled evenly over a minute (or over ``seconds``); ``take`` spends one,
    or says how many seconds until one is back."""

    MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first

    def __init__(
        self,
        per_minute: int,
        clock: Callable[[], float] = time.monotonic,
        *,
        seconds: float = 60,
    ) -> None:
        self.per_minute = per_minute
        self.seconds = seconds
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, address: str) -> int:
        """0 if ``address`` may go on (one token spent), else the whole seconds to wait."""
        if not self.per_minute:
            return 0
        now, rate = self.clock(), self.per_minute / self.seconds
        tokens, when = self.buckets.get(address, (self.per_minute, now))
        tokens = min(self.per_minute, tokens + (now - when) * rate)
        if tokens < 1:
            self.buckets[address] = (tokens, now)
            return max(1, math.ceil((1 - tokens) / rate))
        self.buckets[address] = (tokens - 1, now)
        if len(self.buckets) > self.MAX_ADDRESSES:
            self._forget_full(now, rate)
        return 0

    def _forget_full(self, now: float, rate: float) -> None:
        full = [a for a, (t, w) in self.buckets.items() if t + (now - w) * rate >= self.per_minute]
        for address in full:
            del self.buckets[address]
        while len(self.buckets) > self.MAX_ADDRESSES:  # all busy: drop the oldest
            del self.buckets[next(iter(self.buckets))]
