"""A game's public log: lines that are only ever appended, and ``plural`` for their
words. A search copies a state
thousands of times a second, and a log copied line by line would make every copy cost
as much as the game is long (House of Fado writes about 1,500 lines a game), so copies
share the lines they have in common. A line whose words take time to find can be
appended as a ``Line``, worded only when the log is read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import Any, overload


class Line:
    """A log line worded when it is first read: ``Line(words, *args)`` reads
    ``words(*args)``. For a line whose words take a game time to find at every move
    (the log is read far less often than it is written); ``args`` are values that never
    change afterwards (numbers, tuples, a revealed sheet)."""

    __slots__ = ("words", "args", "text")

    def __init__(self, words: Callable[..., str], *args: Any) -> None:
        self.words, self.args = words, args
        self.text: str | None = None

    def __str__(self) -> str:
        if self.text is None:
            self.text = self.words(*self.args)
        return self.text


class Log:
    """A list of lines that grows at its end (``append``), read like a list (``len``,
    iteration, indexing, slices, ``==`` a list). ``copy`` shares the lines written so
    far with the copy, as a tuple; each side's new lines go to its own tail, which
    joins the shared part when that side is copied in turn."""

    __slots__ = ("_shared", "_tail")

    def __init__(self, lines: Iterable[str] = ()) -> None:
        self._shared: tuple[str | Line, ...] = tuple(lines)
        self._tail: list[str | Line] = []

    def append(self, line: str | Line) -> None:
        self._tail.append(line)

    def copy(self) -> Log:
        if self._tail:
            self._shared += tuple(self._tail)
            self._tail = []
        twin = Log.__new__(Log)
        twin._shared, twin._tail = self._shared, []
        return twin

    def __len__(self) -> int:
        return len(self._shared) + len(self._tail)

    def __iter__(self) -> Iterator[str]:
        return map(str, chain(self._shared, self._tail))

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return list(self)[index]
        shared = len(self._shared)
        at = index + len(self) if index < 0 else index
        if 0 <= at < shared:
            return str(self._shared[at])
        if shared <= at < len(self):
            return str(self._tail[at - shared])
        raise IndexError("log index out of range")

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, (Log, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # it changes: no hash, as a list

    def __repr__(self) -> str:
        return f"Log({list(self)!r})"


def plural(n: int, word: str) -> str:
    """``1 card``, ``2 cards``: ``n`` and ``word``, with an s unless ``n`` is 1."""
    return f"{n} {word}{'s' * (n != 1)}"
