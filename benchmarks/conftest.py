"""What the benchmarks' smoke tests share: loading a benchmark script as a module."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


def load_script(name: str) -> ModuleType:
    """benchmarks/NAME.py as a module (the benchmarks are scripts, not a package)."""
    path = Path(__file__).with_name(f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"{name}_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def script() -> Callable[[str], ModuleType]:
    """``script("server_load")``: a benchmark script, loaded."""
    return load_script
