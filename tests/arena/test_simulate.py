"""Many games: seats rotate between bots, one record per game, the same records
whatever the number of jobs, a failing bot recorded, an interrupted run resumed."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

from housebuilders.agents import AgentError
from housebuilders.arena import (
    Record,
    ResultsError,
    RunOptions,
    SimulationResult,
    lineup,
    read_results,
    simulate,
    win_shares,
)

FAILING_BOT = "tests.arena.failing_bot"  # imported by the workers (see conftest.py)

GAME = "mr-house-basic"


class Won:
    """Just enough of a finished state for win_shares."""

    def __init__(self, winners: list[int], players: int) -> None:
        self._winners, self.num_players = winners, players

    def winners(self) -> list[int]:
        return self._winners


def test_every_bot_plays_every_seat_equally() -> None:
    bots = ["a", "b", "c"]
    for players in (2, 3, 4):
        counts = Counter(
            (seat, bot)
            for index in range(len(bots) * 2)
            for seat, bot in enumerate(lineup(bots, players, index))
        )
        assert set(counts.values()) == {2}
        assert len(counts) == players * len(bots)


def test_a_shared_win_is_shared_and_a_loss_is_nothing() -> None:
    assert win_shares(Won([0], 3)) == [1.0, 0.0, 0.0]  # type: ignore[arg-type]
    assert win_shares(Won([0, 1], 3)) == [0.5, 0.5, 0.0]  # type: ignore[arg-type]
    assert win_shares(Won([0, 1, 2, 3], 4)) == [0.25] * 4  # type: ignore[arg-type]
    assert win_shares(Won([], 2)) == [0.0, 0.0]  # type: ignore[arg-type]


def test_one_record_per_game_with_what_the_game_was() -> None:
    records = simulate(GAME, 3, 4, ["random", "random:"], seed=10, run=RunOptions(jobs=1))
    assert [r.index for r in records] == [0, 1, 2, 3]
    assert [r.seed for r in records] == [10, 11, 12, 13]
    assert [r.bots for r in records] == [lineup(["random", "random:"], 3, i) for i in range(4)]
    for r in records:
        assert r.game == GAME and r.players == 3 and r.error is None
        assert r.options == {"door": "any-floor"}  # every option, defaults filled in
        assert len(r.scores) == 3 and sorted(r.ranking)[0] == 1
        assert r.winners == [seat for seat in range(3) if r.ranking[seat] == 1]
        assert all(s["total"] == sum(s["breakdown"].values()) for s in r.scores)
        assert r.actions > 0 and r.seconds > 0


def test_a_record_reads_back_from_its_json_line() -> None:
    (record,) = simulate(GAME, 2, 1, ["random"], seed=5, run=RunOptions(jobs=1))
    line = json.dumps(record.to_json())
    assert Record.from_json(json.loads(line)) == record


def test_tallies_add_up() -> None:
    done: list[int] = []
    # "random:" is the random bot under another name, so the two tally apart
    records = simulate(
        GAME, 3, 6, ["random", "random:"], seed=3, progress=done.append, run=RunOptions(jobs=1)
    )
    result = SimulationResult.from_records(records)
    assert done == list(range(1, 7))
    assert result.games == 6
    assert [t.games for t in result.seats] == [6, 6, 6]
    assert sum(t.wins for t in result.seats) == pytest.approx(6)
    assert sum(t.games for t in result.bots.values()) == 18
    assert sum(t.wins for t in result.bots.values()) == pytest.approx(6)
    assert set(result.bots) == {"random", "random:"}


def test_simulate_is_deterministic() -> None:
    a = simulate(GAME, 2, 4, ["random"], seed=7, run=RunOptions(jobs=1))
    b = simulate(GAME, 2, 4, ["random"], seed=7, run=RunOptions(jobs=1))
    assert a == b


def test_same_seed_same_records_with_one_job_or_two(tmp_path: Path) -> None:
    bots = ["random", "random:"]
    one = simulate(GAME, 3, 12, bots, seed=21, run=RunOptions(jobs=1, out=tmp_path / "one.jsonl"))
    two = simulate(
        GAME, 3, 12, bots, seed=21, run=RunOptions(jobs=2, batch=2, out=tmp_path / "two.jsonl")
    )
    assert one == two
    # the files too: one line per game, in game order, equal but for the timings
    assert read_results(tmp_path / "one.jsonl") == one
    assert read_results(tmp_path / "two.jsonl") == two
    assert [r.index for r in read_results(tmp_path / "two.jsonl")] == list(range(12))


def test_a_failing_bot_is_recorded_not_fatal(exploding_bot: str) -> None:
    bots = ["random", exploding_bot]
    for jobs in (1, 2):
        records = simulate(
            GAME, 2, 4, bots, seed=0, run=RunOptions(jobs=jobs, imports=[FAILING_BOT])
        )
        assert len(records) == 4
        for r in records:
            assert r.error is not None, r
            seat = r.bots.index(exploding_bot)
            assert r.error["bot"] == exploding_bot and r.error["seat"] == seat
            assert r.error["message"] == "RuntimeError: boom"
            assert r.error["where"].startswith("failing_bot.py:")
            assert r.scores is None and r.ranking is None and r.actions > 0
        assert [r.seed for r in records] == [0, 1, 2, 3]
    summary = SimulationResult.from_records(records)
    assert summary.games == 0 and len(summary.errors) == 4


def test_an_interrupted_run_keeps_what_finished_and_resume_continues_it(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    seen: list[int] = []

    def interrupt_after_three(done: int) -> None:
        seen.append(done)
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(
            GAME,
            2,
            8,
            ["random"],
            seed=4,
            progress=interrupt_after_three,
            run=RunOptions(jobs=1, out=out),
        )
    kept = read_results(out)
    assert [r.index for r in kept] == [0, 1, 2]
    with out.open("a") as f:  # and a line cut short as the process died
        f.write('{"index": 3, "game": "mr-ho')

    resumed: list[int] = []
    records = simulate(
        GAME,
        2,
        8,
        ["random"],
        seed=4,
        progress=resumed.append,
        run=RunOptions(jobs=2, out=out, resume=True),
    )
    assert resumed[-1] == 8 and min(resumed) > 3  # only the five missing games were played
    fresh = simulate(GAME, 2, 8, ["random"], seed=4, run=RunOptions(jobs=1))
    assert records == fresh
    assert read_results(out) == fresh
    assert out.read_text().count("\n") == 8


def test_resume_of_a_finished_run_plays_nothing(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    first = simulate(GAME, 2, 3, ["random"], seed=1, run=RunOptions(jobs=1, out=out))
    calls: list[int] = []
    again = simulate(
        GAME,
        2,
        3,
        ["random"],
        seed=1,
        progress=calls.append,
        run=RunOptions(jobs=1, out=out, resume=True),
    )
    assert again == first and calls == []


def test_an_existing_file_is_not_overwritten_without_resume(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(GAME, 2, 1, ["random"], seed=1, run=RunOptions(jobs=1, out=out))
    with pytest.raises(ResultsError, match="already holds 1 game.*resume"):
        simulate(GAME, 2, 1, ["random"], seed=1, run=RunOptions(jobs=1, out=out))


def test_resume_refuses_a_file_of_another_run(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(GAME, 2, 2, ["random"], seed=1, run=RunOptions(jobs=1, out=out))
    with pytest.raises(ResultsError, match="seed"):
        simulate(GAME, 2, 2, ["random"], seed=2, run=RunOptions(jobs=1, out=out, resume=True))
    with pytest.raises(ResultsError, match="bots"):
        simulate(GAME, 2, 2, ["random:"], seed=1, run=RunOptions(jobs=1, out=out, resume=True))
    with pytest.raises(ResultsError, match="players"):
        simulate(GAME, 3, 2, ["random"], seed=1, run=RunOptions(jobs=1, out=out, resume=True))


def test_a_broken_line_in_the_middle_is_an_error(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    simulate(GAME, 2, 2, ["random"], seed=1, run=RunOptions(jobs=1, out=out))
    lines = out.read_text().splitlines()
    out.write_text("\n".join([lines[0], "not json", lines[1]]) + "\n")
    with pytest.raises(ResultsError, match="line 2"):
        read_results(out)


def test_bad_bots_and_player_counts_fail_before_any_game() -> None:
    with pytest.raises(AgentError, match="unknown bot"):
        simulate(GAME, 2, 1, ["random", "nope"])
    with pytest.raises(ValueError, match="2 to 4 players"):
        simulate(GAME, 5, 1, ["random"])
    with pytest.raises(AgentError, match="at least one bot"):
        simulate(GAME, 2, 1, [])
    with pytest.raises(ValueError, match="backend"):
        simulate(GAME, 2, 1, ["random"], run=RunOptions(backend="threads"))
    with pytest.raises(ValueError, match="jobs"):
        simulate(GAME, 2, 1, ["random"], run=RunOptions(jobs=0))
    with pytest.raises(ValueError, match="resume"):
        simulate(GAME, 2, 1, ["random"], run=RunOptions(resume=True))


def test_workers_need_a_main_script_they_can_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.modules["__main__"], "__file__", "<stdin>", raising=False)
    with pytest.raises(ValueError, match="run the script from a file, or play in this process"):
        simulate(GAME, 2, 4, ["random"], run=RunOptions(jobs=2, batch=1))
    assert len(simulate(GAME, 2, 4, ["random"], run=RunOptions(jobs=1))) == 4
