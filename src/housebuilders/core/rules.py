"""A game's rules for its players: a short Markdown page in the game's package
(``GameSpec.rules``, e.g. ``housebuilders.games.mr_house:rules-basic.md``) saying how a
turn goes, how the game is scored and how this game rules where the rulebook is silent.

The page is the game's own words, read from the installed package (the doc pages in
docs/ are not in the wheel). Its "Rulings" section is made from the doc page's
(``rulings_markdown``: the same numbers, titles and text, the tests' names left out),
and a test holds the two together, so they cannot drift apart. Where one doc page
serves several games, the variants of one rulebook (``GameSpec.variant``: Mr House's
"basic" and "advanced"), a ruling for one of them says so in its title, "**A full
player board (basic variant).**", and only that variant's page carries it.

Where the page gives numbers of the game's content (Mr House's recipes and points), a
line ``{{name}}`` of its own stands for Markdown the game makes from its content when
the page is read (``GameSpec.rules_tables``), so that the page shows the numbers the
game plays with.

``sections(markdown)`` reads the few forms such a page uses (``##`` headings,
paragraphs, ``-`` and ``1.`` lists, ``|`` tables, ``**bold**`` and ```code```) into
plain data: text only, never markup, so that a page shows it as text (the web table's
panel escapes every piece). Anything else, HTML included, stays text as written.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from housebuilders.core.spec import GameSpec

if TYPE_CHECKING:
    from collections.abc import Mapping

#: a piece of inline text: (text, style), style "" (plain), "bold" or "code"
Span = tuple[str, str]

_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")
_NUMBERED = re.compile(r"^(\d+)\. (.*)")
_MADE = re.compile(r"^\{\{([^{}]+)\}\}$", re.MULTILINE)  # a line the game's content fills
_RULE = re.compile(r"^\|?[\s:|-]+\|?$")  # a table's line under its head: | --- | :-: |
_VARIANT = re.compile(r" ?\(([a-z][a-z-]*) variant\)")  # in a ruling's title
_RULING = re.compile(r"^(\d+)\. \*\*(.+?)\*\* ?(.*)")
_NAMES = r"`test_[a-z0-9_]+`(?:,?\s*(?:and\s+)?`test_[a-z0-9_]+`)*"
_TESTS = (  # the tests a ruling cites: "(`test_a`)", "Tests: `test_a`, `test_b`."
    re.compile(rf"\s*\((?:Tests?:\s*)?{_NAMES}\)"),
    re.compile(rf"\s*Tests?:\s*{_NAMES}\.?"),
    re.compile(rf"\s*{_NAMES}\.?"),
)


def rules_text(spec: GameSpec) -> str:
    """The Markdown of ``spec``'s rules page; "" for a game without one."""
    if not spec.rules:
        return ""
    package, _, name = spec.rules.partition(":")
    return files(package).joinpath(name).read_text(encoding="utf-8")


@cache
def rules_of(spec: GameSpec) -> dict[str, Any]:
    """``spec``'s rules page as data: ``{"game", "name", "sections": [...]}``, each
    section ``{"title", "blocks"}`` (see ``sections``), its ``{{name}}`` lines filled
    from the game's content (``filled``); read once (do not change it)."""
    made = spec.rules_tables() if spec.rules_tables is not None else {}
    page = filled(rules_text(spec), made)
    return {"game": spec.id, "name": spec.name, "sections": sections(page)}


def filled(markdown: str, made: Mapping[str, str]) -> str:
    """``markdown`` with each line ``{{name}}`` replaced by ``made[name]`` (Markdown the
    game made from its content); a ValueError names a line nothing fills."""
    missing = sorted(set(_MADE.findall(markdown)) - set(made))
    if missing:
        raise ValueError(f"nothing fills the rules page's lines {missing}")
    return _MADE.sub(lambda m: made[m.group(1)].strip("\n"), markdown)


def spans(line: str) -> list[Span]:
    """``line``'s inline text: plain, **bold** and `code` pieces, in order."""
    out: list[Span] = []
    at = 0
    for m in _INLINE.finditer(line):
        if m.start() > at:
            out.append((line[at : m.start()], ""))
        out.append((m.group(1), "bold") if m.group(1) is not None else (m.group(2), "code"))
        at = m.end()
    if at < len(line):
        out.append((line[at:], ""))
    return out


def sections(markdown: str) -> list[dict[str, Any]]:
    """The ``##`` sections of ``markdown`` (text before the first is left out, as is
    the ``#`` title), each ``{"title": str, "blocks": [block]}``; a block is
    ``{"kind": "p" | "ul" | "ol", "items": [[span]]}`` (a paragraph has one item; an
    ordered list's items keep their numbers in ``"numbers"``) or a table, ``{"kind":
    "table", "head": [cell], "rows": [[cell]]}`` (a cell: [span])."""
    out: list[dict[str, Any]] = []
    blocks: list[dict[str, Any]] = []
    for chunk in _chunks(markdown):
        if chunk[0].startswith("## "):
            blocks = []
            out.append({"title": chunk[0][3:].strip(), "blocks": blocks})
            chunk = chunk[1:]
        if not out or not chunk:
            continue
        blocks.extend(_blocks(chunk))
    return out


def _chunks(markdown: str) -> list[list[str]]:
    """The lines of ``markdown`` in groups split at blank lines and before headings."""
    chunks: list[list[str]] = [[]]
    for line in markdown.splitlines():
        if not line.strip() or line.startswith("#"):
            chunks.append([])
        if line.strip():
            chunks[-1].append(line.rstrip())
        if line.startswith("#"):
            chunks.append([])
    return [c for c in chunks if c and not (c[0].startswith("# ") and len(c) == 1)]


def _blocks(lines: list[str]) -> list[dict[str, Any]]:
    """A paragraph, a list (items may go on over indented lines) or a table."""
    first = lines[0]
    if first.startswith("|") and len(lines) >= 2 and _RULE.match(lines[1]):
        return [_table(lines)]
    if first.startswith("- ") or _NUMBERED.match(first):
        ordered = not first.startswith("- ")
        items: list[str] = []
        numbers: list[int] = []
        for line in lines:
            numbered = _NUMBERED.match(line)
            if line.startswith("- ") and not ordered:
                items.append(line[2:])
            elif numbered and ordered:
                numbers.append(int(numbered.group(1)))
                items.append(numbered.group(2))
            elif items:
                items[-1] += " " + line.strip()
        kind = "ol" if ordered else "ul"
        block: dict[str, Any] = {"kind": kind, "items": list(map(spans, items))}
        if ordered:
            block["numbers"] = numbers
        return [block]
    return [{"kind": "p", "items": [spans(" ".join(line.strip() for line in lines))]}]


def _table(lines: list[str]) -> dict[str, Any]:
    """A ``|`` table: its head's cells and its rows' (``{"kind": "table", "head":
    [cell], "rows": [[cell]]}``, each cell a list of spans), the line under the head
    left out."""

    def cells(line: str) -> list[list[Span]]:
        return [spans(cell.strip()) for cell in line.strip().strip("|").split("|")]

    rows = [cells(line) for line in lines[2:] if line.startswith("|")]
    return {"kind": "table", "head": cells(lines[0]), "rows": rows}


# -- the rulings, from a doc page -----------------------------------------------------------
def doc_rulings(doc: str, variant: str = "") -> list[tuple[int, str, str]]:
    """The numbered rulings under a doc page's "## Rulings" (up to its first ``###``
    part): (number, title, text) each, the title the ruling's bold words as written
    (a full stop of its own, or the start of the text's sentence) and the text without
    the tests it cites. With a ``variant``, only the rulings for it: those whose title
    names no variant or names that one ("(basic variant)", left out of the title)."""
    return [(n, title, text) for n, title, text, tag in _tagged_rulings(doc)
            if not (variant and tag and tag != variant)]  # fmt: skip


def ruling_variants(doc: str) -> dict[int, str]:
    """The variant each ruling of a doc page is for, by number: the one its title
    names, "" for every variant."""
    return {n: tag for n, _, _, tag in _tagged_rulings(doc)}


def _tagged_rulings(doc: str) -> list[tuple[int, str, str, str]]:
    """``doc_rulings`` with the variant each title names ("" for none)."""
    part = doc.split("\n## Rulings\n", 1)[1] if "\n## Rulings\n" in doc else ""
    part = part.split("\n## ", 1)[0].split("\n### ", 1)[0]
    items: list[list[str]] = []
    within = False  # in an item: its indented lines go on with it
    for line in part.splitlines():
        if _NUMBERED.match(line):
            items.append([line])
            within = True
        elif within and line.startswith("   "):
            items[-1].append(line.strip())
        elif line.strip():
            within = False  # a paragraph between the rulings
    rulings = []
    for item in items:
        m = _RULING.match(" ".join(item))
        if m is None:
            raise ValueError(f"a ruling needs a bold title: {item[0]!r}")
        text = m.group(3)
        for tests in _TESTS:
            text = tests.sub("", text)
        tag = _VARIANT.search(m.group(2))
        title = _VARIANT.sub("", m.group(2), count=1).strip()
        rulings.append((int(m.group(1)), title, text.strip(), tag.group(1) if tag else ""))
    return rulings


def rulings_markdown(doc: str, variant: str = "") -> str:
    """A rules page's "## Rulings" section made from the doc page ``doc``: the
    rulings for ``variant`` (see ``doc_rulings``)."""
    lines = ["## Rulings", ""]
    for number, title, text in doc_rulings(doc, variant):
        space = "" if text[:1] in (",", ":", ";", ".") else " "
        lines.append(f"{number}. **{title}**{space}{text}".rstrip())
    return "\n".join(lines) + "\n"


def rulings_section(markdown: str) -> str:
    """The "## Rulings" section of a rules page as written (to the next ``##``)."""
    if "## Rulings\n" not in markdown:
        return ""
    part = "## Rulings\n" + markdown.split("## Rulings\n", 1)[1]
    return part.split("\n## ", 1)[0].rstrip("\n") + "\n"
