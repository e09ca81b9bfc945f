"""The database: four tables, reached through SQLAlchemy 2 and migrated by Alembic.

- ``game_tables``: one row per table (a game being played): game id, players,
  seed (and the secret it was derived from, if the server drew it), options,
  status, clock settings, created.
- ``seats``: one row per seat: kind (``human`` or ``bot``), the bot's name, the
  SHA-256 of a human seat's secret token (the token itself is never stored) and
  whether the person is away (their clock ran out and a bot plays for them), has
  resigned, or votes to abandon the game (migration 0009); the turn clock's deadline
  of a person the table waits for (migration 0012).
- ``log_entries``: the append-only log of a table. An entry is an action (player,
  action JSON, whether a bot made it: migration 0008) or an undo of the player's last
  action. ``(table_id, idx)`` is
  unique, so two servers racing for the same turn cannot both write it.

- ``chat_messages``: what the people at a table said, in order: the seat, the text
  and the time (migration 0005).
- ``reviews``: a finished table's review (``agents.review``): pending until the bot
  workers have worked it out, then each seat's chance to win after every move and its
  costliest moves (migration 0009).

A table's game is rebuilt from its seed and this log (see ``effective_actions``).
SQLite (a file under ./var/) is the default; PostgreSQL is used when the URL says
``postgresql+psycopg://...``.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    text,
)
from sqlalchemy.exc import InterfaceError, OperationalError, TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker

DEFAULT_URL = "sqlite:///var/housebuilders.db"
URL_VARIABLE = "HOUSEBUILDERS_DATABASE_URL"
MIGRATION_LOCK = 0x486F757365  # the advisory lock server processes migrate under
#: how long a SQLite statement waits for another connection's lock before it gives up
#: with "database is locked" (the server then tries the transaction again, a few times)
BUSY_SECONDS = 1.0
#: the errors of a database that does not answer now (down, unreachable, locked, out of
#: connections), as opposed to a bug: a request answers 503, a bot or clock waits
UNAVAILABLE = (OperationalError, InterfaceError, PoolTimeout)


def database_url(url: str | None = None) -> str:
    """The URL given, else $HOUSEBUILDERS_DATABASE_URL, else the SQLite file in ./var/."""
    return url or os.environ.get(URL_VARIABLE) or DEFAULT_URL


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameTable(Base):
    __tablename__ = "game_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: the 128-bit secret (hex) the seed was derived from, if the server drew it (none:
    #: the seed was given); told to nobody before the game is over (migration 0007)
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: "playing", "finished" (by the rules, or when resignations left one seat),
    #: "abandoned" (set aside: no move and nobody watching) or "void" (every person
    #: agreed to abandon it: no winner)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    #: a digest of the address that opened it, for the bot seats per address (0007)
    opener: Mapped[str | None] = mapped_column(String(64), nullable=True)
    clock_minutes: Mapped[float | None] = mapped_column(Float, nullable=True)
    clock_bot: Mapped[str] = mapped_column(String(200), default="greedy")
    private: Mapped[bool] = mapped_column(Boolean, default=False)  # not listed
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the next game
    hints: Mapped[bool] = mapped_column(Boolean, default=False)  # the seats may ask for one
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.seat", cascade="all, delete-orphan"
    )


class Seat(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" or "bot"
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)  # a person's, if given
    #: the person resigned: the seat loses, the clock bot plays its turns (0009)
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the person votes to abandon the game (0009)
    abandon: Mapped[bool] = mapped_column(Boolean, default=False)
    #: when the turn clock runs out for this person, while the table waits for them
    #: to act (Unix time; none otherwise), written with the change that started the
    #: wait; indexed for the sweep of the clocks that ran out (``clocks``, 0012)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)

    table: Mapped[GameTable] = relationship(back_populates="seats")


class LogEntry(Base):
    __tablename__ = "log_entries"
    __table_args__ = (UniqueConstraint("table_id", "idx", name="uq_log_entries_table_idx"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    player: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8), default="action")  # "action" or "undo"
    action: Mapped[Any] = mapped_column(JSON, nullable=True)
    #: the move was a bot's: a bot seat's, or the clock bot's for a person (0008)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatMessage(Base):
    __tablename__ = "chat_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)  # who said it (only seats write)
    text: Mapped[str] = mapped_column(Text)  # at most CHAT_LENGTH characters
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Account(Base):
    """A person's optional account: a name and a password (only its scrypt hash), so
    that the seats it holds follow it to any device and its games are rated."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))  # as the person wrote it
    #: the name as compared: case and width folded (``accounts.name_key``), unique
    name_key: Mapped[str] = mapped_column(String(160), unique=True)
    password: Mapped[str] = mapped_column(String(200))  # "scrypt$n$r$p$salt$hash"
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class AccountSession(Base):
    """A signed-in browser: the SHA-256 of its session cookie, and whose it is."""

    __tablename__ = "account_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class AccountSeat(Base):
    """A seat an account holds: its link (the seat's token), so the account's person
    finds it on any device, and its games are rated as the account's."""

    __tablename__ = "account_seats"

    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64))
    added: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Review(Base):
    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("game_tables.id"), primary_key=True)
    #: "pending" (queued when the game ended, or asked for), then "ready"
    status: Mapped[str] = mapped_column(String(16), default="pending", index=True)
    #: once ready: {"samples", "seconds", "chances": [[per seat] per step],
    #: "costliest": [...]} (see ``server.review``)
    data: Mapped[Any] = mapped_column(JSON, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    ready: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


def standing(entries: list[LogEntry]) -> list[LogEntry]:
    """The action entries a table's game consists of: the log in order, each undo
    taking back its seat's last action still standing (the last of all, but in a
    simultaneous phase, where the others' unseen choices may follow it)."""
    actions: list[LogEntry] = []
    for entry in entries:
        if entry.kind == "undo":
            mine = max(i for i, done in enumerate(actions) if done.player == entry.player)
            del actions[mine]
        else:
            actions.append(entry)
    return actions


def effective_actions(entries: list[LogEntry]) -> list[tuple[int, Any]]:
    """The actions a table's game consists of (``standing``): (player, action JSON)."""
    return [(entry.player, entry.action) for entry in standing(entries)]


def made_by_bots(entries: list[LogEntry]) -> list[bool]:
    """For each action of the game (``standing``), whether a bot made it."""
    return [bool(entry.by_bot) for entry in standing(entries)]


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for a SQLite file its folder is made, and SQLite is set
    to wait ``BUSY_SECONDS`` for a lock and to use its write-ahead log. Its
    connections are pooled and used by one thread at a time, not always the one that
    opened them (the server works in worker threads)."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connect = {"timeout": BUSY_SECONDS, "check_same_thread": False}
        engine = create_engine(url, connect_args=connect)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)


def locked(error: BaseException) -> bool:
    """Whether ``error`` is SQLite's "database is locked": another connection held the
    lock past ``BUSY_SECONDS``. The transaction it ended was rolled back whole (SQLite
    commits all of it or nothing), so it may be tried again as it was."""
    return isinstance(error, OperationalError) and "database is locked" in str(error.orig)


def one_line(error: BaseException) -> str:
    """``error`` in one line for the log: its first line (a driver's message goes on
    with the SQL and a link), else its type."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def check(url: str) -> None:
    """Raise ValueError, saying why in one line, if ``url`` names no database that can
    be reached."""
    try:
        engine = make_engine(url)
    except Exception as e:  # a malformed URL, a driver that is not installed
        raise ValueError(f"bad database URL {url!r}: {e}") from None
    try:
        with engine.connect():
            pass
    except Exception as e:
        raise ValueError(f"cannot open the database: {one_line(e)}") from None
    finally:
        engine.dispose()


def migrate(engine: Engine) -> None:
    """Bring the database's schema up to date with Alembic's migrations."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # one server process at a time migrates
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
