"""Fixtures for the command line: a runner, and Mr House with a stand-in heuristic."""

from __future__ import annotations

import dataclasses

import pytest
from typer.testing import CliRunner

import housebuilders as hb
import housebuilders.core.spec as spec_module
from housebuilders.games.mr_house import MrHouseBasicState


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def stored_materials(state: hb.State, player: int) -> float:
    """A stand-in heuristic: points, and a little for every material stored."""
    return state.scores()[player]["total"] + 0.01 * sum(state.store[player])  # type: ignore[attr-defined]


def _with_heuristic(monkeypatch: pytest.MonkeyPatch, heuristic: object) -> hb.GameSpec:
    """Mr House, registered and attached to its state class, with ``heuristic``."""
    spec = dataclasses.replace(hb.game("mr-house-basic"), heuristic=heuristic)
    monkeypatch.setitem(spec_module._REGISTRY, spec.id, spec)
    monkeypatch.setattr(MrHouseBasicState, "spec", spec)
    return spec


@pytest.fixture
def with_heuristic(monkeypatch: pytest.MonkeyPatch) -> hb.GameSpec:
    """Mr House with a stand-in heuristic, whether or not the real one is wired yet."""
    return _with_heuristic(monkeypatch, stored_materials)


@pytest.fixture
def without_heuristic(monkeypatch: pytest.MonkeyPatch) -> hb.GameSpec:
    """Mr House with no heuristic at all."""
    return _with_heuristic(monkeypatch, None)
