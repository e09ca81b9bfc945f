"""``HOUSEBUILDERS_PURE=1`` at run time: the package's modules are imported from their
.py files even where a compiled build installed extensions beside them (hatch_build.py),
so that one install can play both ways (tests/test_compiled.py compares them). Imported
first by the package's ``__init__``; it never imports the rest of the package."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from types import ModuleType


def wanted() -> bool:
    return os.environ.get("HOUSEBUILDERS_PURE", "").strip().lower() in {"1", "true", "yes", "on"}


class SourceOnly(MetaPathFinder):
    """Finds the package's submodules among .py files only (never an extension)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("housebuilders.") or path is None:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def install() -> None:
    if wanted() and not any(isinstance(f, SourceOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceOnly())
