"""The Ray backend gives the same records as local processes. One local Ray with 2
CPUs is started for the whole module (starting Ray takes seconds)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from housebuilders.arena import RunOptions, read_results, simulate, tournament

ray = pytest.importorskip("ray")

pytestmark = pytest.mark.ray

GAME = "mr-house-basic"


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_same_seed_same_records_on_ray_as_with_one_or_two_jobs(tmp_path: Path) -> None:
    bots = ["random", "random:"]
    one = simulate(GAME, 3, 12, bots, seed=21, run=RunOptions(jobs=1))
    two = simulate(GAME, 3, 12, bots, seed=21, run=RunOptions(jobs=2, batch=2))
    on_ray = simulate(
        GAME,
        3,
        12,
        bots,
        seed=21,
        run=RunOptions(jobs=2, backend="ray", batch=2, out=tmp_path / "ray.jsonl"),
    )
    assert on_ray == one == two
    assert read_results(tmp_path / "ray.jsonl") == one


def test_resume_on_ray(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(GAME, 2, 3, ["random"], seed=5, run=RunOptions(jobs=1, out=out))
    done: list[int] = []
    records = simulate(
        GAME,
        2,
        7,
        ["random"],
        seed=5,
        progress=done.append,
        run=RunOptions(jobs=2, backend="ray", batch=1, out=out, resume=True),
    )
    assert sorted(done) == [4, 5, 6, 7]
    assert records == simulate(GAME, 2, 7, ["random"], seed=5, run=RunOptions(jobs=1))


def test_a_tournament_on_ray_matches_the_local_one() -> None:
    bots = ["random", "random:", "greedy"]
    local = tournament(GAME, 2, bots, 6, seed=2, run=RunOptions(jobs=1))
    on_ray = tournament(GAME, 2, bots, 6, seed=2, run=RunOptions(jobs=2, backend="ray", batch=1))
    assert on_ray.records == local.records
    assert on_ray.leaderboard == local.leaderboard
