"""The repository stands alone: no file of it points at the team's notes outside it
(the folder next to the checkout that held the design notes, rulebooks and checklists
while the games were written). What a reader needs is in the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = "shar" + "ed/"  # spelt apart, so that this file does not name it


def tracked_files() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in listed.split("\0") if name]


def test_no_file_points_outside_the_repository() -> None:
    pointing = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # a binary file (an image) or one deleted but not yet committed
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE in line:
                pointing.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert not pointing, "files point outside the repository:\n" + "\n".join(pointing)


#: the longest a source file may grow before it is split by what it does
MAX_LINES = {".py": 600, ".js": 500}


def test_no_source_file_is_too_long_to_read() -> None:
    """A module of the package over 600 lines (a script of the web client over 500)
    does several jobs: split it along them."""
    long = [
        f"{path.relative_to(ROOT)}: {n} lines"
        for path in tracked_files()
        if path.suffix in MAX_LINES
        and path.is_relative_to(ROOT / "src")
        and path.exists()
        and (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES[path.suffix]
    ]
    assert not long, "files too long:\n" + "\n".join(long)


def test_no_file_holds_a_merge_conflicts_markers() -> None:
    """A merge's conflict left in a file (a script then fails to load in the browser,
    which no Python check sees)."""
    markers = ("<" * 7 + " ", "=" * 7, ">" * 7 + " ")  # spelt apart, as above
    left = []
    for path in tracked_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith(markers[0]) or line == markers[1] or line.startswith(markers[2]):
                left.append(f"{path.relative_to(ROOT)}:{number}: {line[:40]}")
    assert not left, "merge conflict markers:\n" + "\n".join(left)


def test_every_test_that_drives_a_browser_is_marked_browser() -> None:
    """Every test module of tests/web (they drive Chromium) declares
    ``pytest.mark.browser`` for the whole module, so ``-m "not browser"`` leaves it out
    and the parallel run keeps the browser tests in their one-at-a-time group."""
    unmarked = [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "tests" / "web").glob("test_*.py"))
        if "pytest.mark.browser" not in path.read_text(encoding="utf-8")
    ]
    assert not unmarked, "browser tests without the browser mark: " + ", ".join(unmarked)


def test_every_image_the_docs_show_is_there_and_shown() -> None:
    """The docs' images (docs/images, made by scripts/screenshots.py) and the pages
    that show them agree: no image missing, none left unshown."""
    shown: set[str] = set()
    for page in (ROOT / "docs").rglob("*.md"):
        for name in re.findall(r"""(?:\]\(|src=")(images/[^)"]+)""", page.read_text("utf-8")):
            assert (page.parent / name).is_file(), f"{page.name} shows {name}: no such file"
            shown.add((page.parent / name).resolve().name)
    kept = {path.name for path in (ROOT / "docs" / "images").glob("*")}
    assert kept <= shown, f"images no page shows: {sorted(kept - shown)}"
