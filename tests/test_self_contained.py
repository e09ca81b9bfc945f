"""The repository stands alone: no file of it points at the team's notes outside it
(the folder next to the checkout that held the design notes, rulebooks and checklists
while the games were written). What a reader needs is in the repository."""

from __future__ import annotations

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
