"""A run: its options checked at once, everything else before any game, every refusal
an ArenaError, and a resumed run that knows what it kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from housebuilders.arena import (
    ArenaError,
    BadBot,
    BadPlayerCount,
    BadRun,
    BadSetup,
    NoSuchGame,
    RunOptions,
    simulate,
    simulation,
)
from housebuilders.arena.records import ResultsError, ResultsWriter

GAME = "mr-house-basic"
HERE = RunOptions(jobs=1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"backend": "threads"}, "no backend 'threads'"),
        ({"jobs": 0}, "jobs must be at least 1"),
        ({"batch": 0}, "batch must be at least 1"),
        ({"resume": True}, "give out too"),
        ({"ray_address": "auto"}, "goes with the ray backend"),
    ],
)
def test_run_options_refuse_a_bad_value_at_once(options: dict, message: str) -> None:
    with pytest.raises(BadRun, match=message):
        RunOptions(**options)


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({"game_id": "nope"}, NoSuchGame, "no game 'nope'"),
        ({"bots": ["random", "nope"]}, BadBot, "unknown bot 'nope'"),
        ({"bots": []}, BadBot, "at least one bot"),
        ({"players": 5}, BadPlayerCount, "takes 2 to 4 players, not 5"),
        ({"options": {"x": 1}}, BadSetup, "has no option 'x'"),
        ({"content": {"turns": "six"}}, BadSetup, "turns"),
    ],
)
def test_every_refusal_before_a_game_is_an_arena_error(
    arguments: dict, error: type[ArenaError], message: str
) -> None:
    run = {"game_id": GAME, "players": 2, "games": 1, "bots": ["random"], **arguments}
    with pytest.raises(error, match=message) as refused:
        simulation(**run, run=HERE)
    assert isinstance(refused.value, ArenaError)


def test_a_resumed_run_knows_what_it_kept_and_plays_only_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(GAME, 2, 3, ["random"], seed=4, run=RunOptions(jobs=1, out=out))
    planned = simulation(
        GAME, 2, 5, ["random"], seed=4, run=RunOptions(jobs=1, out=out, resume=True)
    )
    assert planned.kept == 3
    done: list[int] = []
    records = planned.play(done.append)
    assert done[0] > 3 and done[-1] == 5
    assert records == simulate(GAME, 2, 5, ["random"], seed=4, run=HERE)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_a_results_error_and_the_file_is_closed() -> None:
    records = simulate(GAME, 2, 2, ["random"], run=HERE)
    writer = ResultsWriter(Path("/dev/full"), [0, 1])
    with pytest.raises(ResultsError, match="cannot write /dev/full: No space left on device"):
        writer.add(records[:1])  # game 0: written and flushed at once
    with pytest.raises(ResultsError, match="No space left on device"):
        writer.close()  # what is left is refused again, and the file closed all the same
    assert writer._file.closed
    writer.close()  # once closed, closing again does nothing
    late = ResultsWriter(Path("/dev/full"), [0, 1])
    late.add(records[1:])  # game 1 waits for game 0: written on close
    with pytest.raises(ResultsError, match="No space left on device"):
        late.close()
    assert late._file.closed


def test_a_results_file_below_a_file_is_a_results_error(tmp_path: Path) -> None:
    below_a_file = tmp_path / "r.jsonl"
    below_a_file.write_text("")
    run = simulation(GAME, 2, 2, ["random"], run=RunOptions(jobs=1, out=below_a_file / "x"))
    with pytest.raises(ResultsError, match="cannot write"):
        run.play()
