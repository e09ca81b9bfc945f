"""Which build of the rules is in use: compiled or pure Python.

The package's build (hatch_build.py at the repository's root) compiles the rules'
modules with Cython from their .py files and records each one, with its source's
digest, in ``housebuilders/_compiled.json``; Python imports a module's extension in
place of its .py. A pure install (``HOUSEBUILDERS_PURE=1``, or no C compiler) has
neither. Both play the same games (tests/test_same_games.py).

``python -c "import housebuilders.core.build as b; print(b.summary())"`` says which is
in use; ``housebuilders bench`` says it under its table.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
from pathlib import Path

from housebuilders import _pure

#: the record the build writes beside the package's __init__.py
RECORD = Path(__file__).resolve().parent.parent / "_compiled.json"


def recorded() -> dict[str, str]:
    """The modules the build compiled, each with its source's SHA-256 at the time;
    empty for a pure build."""
    try:
        return dict(json.loads(RECORD.read_text())["modules"])
    except FileNotFoundError:
        return {}


def _origin(module: str) -> str | None:
    spec = importlib.util.find_spec(module)
    return spec.origin if spec is not None else None


def is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def compiled() -> list[str]:
    """The recorded modules that Python imports from their extension (found, not
    imported)."""
    return [name for name in recorded() if is_extension(_origin(name))]


def source_digest(source: Path) -> str:
    """The digest of a compiled module's source: its .py and, if there is one, the
    .pxd beside it that types it for Cython (hatch_build.py records the same)."""
    h = hashlib.sha256(source.read_bytes())
    types = source.with_suffix(".pxd")
    if types.is_file():
        h.update(types.read_bytes())
    return h.hexdigest()


def stale() -> list[str]:
    """Compiled modules whose .py (or .pxd) changed since they were compiled (an
    editable install whose sources were edited): Python would still run the old code.
    Build again (``make``, or ``pip install -e .``), or install the pure build."""
    out = []
    for name, digest in recorded().items():
        origin = _origin(name)
        if not is_extension(origin):
            continue
        assert origin is not None
        source = Path(origin).parent / (name.rsplit(".", 1)[1] + ".py")
        if not source.is_file() or source_digest(source) != digest:
            out.append(name)
    return out


def summary() -> str:
    """One line: the build in use."""
    names = compiled()
    if not names:
        forced = " (HOUSEBUILDERS_PURE is set)" if recorded() and _pure.wanted() else ""
        return f"rules: pure Python{forced}"
    old = stale()
    warning = f"; {len(old)} stale (sources edited since: build again)" if old else ""
    return f"rules: compiled with Cython ({len(names)} of {len(recorded())} modules{warning})"
