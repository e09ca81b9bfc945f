"""Design experiments (issue 21): variants read from the command line, played on the same
games, compared game by game; the paired design's power and its error rate."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from typer.testing import CliRunner

import housebuilders as hb
from housebuilders.arena import BadSetup, RunOptions, simulate
from housebuilders.arena.errors import ResultsError, option_value
from housebuilders.arena.experiment import (
    BadVariant,
    Experiment,
    estimate,
    paired,
    parse_variant,
    unpaired,
    z_value,
)
from housebuilders.cli import app

#: Welcome To's third refusal costs 5 points; 6 is a small, known change: it lowers a
#: sheet's score by one exactly where the sheet ends on a third refusal
HARSHER = "harsher=ladders.refusals=[0, 0, 3, 6]"


def study(variants: list[str], games: int, game_id: str = "welcome-to", **kw) -> Experiment:
    return Experiment(
        game_id,
        kw.pop("players", 2),
        games,
        kw.pop("bots", ["random"]),
        [parse_variant(game_id, v) for v in variants],
        run=RunOptions(jobs=1),
        **kw,
    )


# == variants ========================================================================
def test_a_variant_sets_options_paths_into_the_data_and_list_elements() -> None:
    v = parse_variant("dream-home", "v=column-discard=false; rooms.0.points=[1, 5, 9]")
    assert v.name == "v" and v.options == {"column-discard": False}
    rooms = v.content["rooms"]
    assert rooms[0]["points"] == [1, 5, 9]
    assert rooms[1] == hb.game("dream-home").data.file_data["rooms"][1]  # the rest kept
    top = parse_variant("master-builder", "bonus=unwanted_bonus=6")
    assert top.content == {"unwanted_bonus": 6} and top.spec == "unwanted_bonus=6"
    assert parse_variant("mr-house-basic", "rulebook=") == parse_variant(
        "mr-house-basic", "rulebook="
    )
    assert parse_variant("mr-house-basic", "rulebook=").content is None


def test_a_variant_reads_a_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "door.toml"
    path.write_text("[basic.points]\ndoor = 3\n")
    v = parse_variant("mr-house-basic", f"door3={path}; door=ground-floor")
    assert v.content == {"basic": {"points": {"door": 3}}}
    assert v.options == {"door": "ground-floor"}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("no spec", "NAME=SPEC"),
        ("bad name!=x=1", "NAME=SPEC"),
        ("v=prices.dor=8", "no 'prices'"),
        ("v=basic.points.dor=8", "no basic.points.dor"),
        ("v=basic.locations.99.number=1", "not an index below"),
        ("v=basic.points.door.x=1", "below a value"),
        ("v=nonsense", "neither KEY=VALUE nor a .toml file"),
    ],
)
def test_a_variant_that_cannot_be_read_says_why(text: str, words: str) -> None:
    with pytest.raises(BadVariant, match=words.replace(".", r"\.").replace("'", "'")):
        parse_variant("mr-house-basic", text)


def test_a_study_checks_its_variants_before_any_game() -> None:
    with pytest.raises(BadVariant, match="2 to 8"):
        study(["a="], 4)
    with pytest.raises(BadVariant, match="same name"):
        study(["a=", "a="], 4)
    with pytest.raises(BadSetup, match="ladders.refusals"):  # the data's own check
        study(["a=", 'b=ladders.refusals="many"'], 4)
    with pytest.raises(BadSetup, match="standard-82"):
        study(["a=", "b=deck=standard-82"], 4)


# == the paired design ===============================================================
def test_every_variant_plays_the_same_games() -> None:
    """Common random numbers: the same seeds and seats; random bots read no score, so a
    change of a score value leaves every game the same but for its scores."""
    findings = study(["rulebook=", HARSHER], 12).play()
    length = next(r for r in findings.rows if r.measure.name == "length (actions)")
    assert length.differences["harsher"].none_at_all


def test_the_paired_design_finds_a_small_known_difference_with_far_fewer_games() -> None:
    """The 6-point refusal lowers a game's mean score by half a point for each sheet
    ending on a third refusal: 20 paired games find it, exactly as large as it is, where
    two separate runs of 100 games each do not tell it from chance (their interval is
    more than ten times as wide: matching 20 paired games would take them thousands)."""
    findings = study(["rulebook=", HARSHER], 20).play()
    row = next(r for r in findings.rows if r.measure.name == "mean score")
    refusals = next(r for r in findings.rows if r.measure.name == "third refusal")
    d = row.differences["harsher"]
    assert d.excludes_zero and d.high < 0
    assert d.mean == pytest.approx(-refusals.values["rulebook"].mean)  # one point a sheet
    # two unpaired runs: other seeds, five times the games
    a = simulate("welcome-to", 2, 100, ["random"], seed=0, run=RunOptions(jobs=1))
    content = parse_variant("welcome-to", HARSHER).content
    b = simulate("welcome-to", 2, 100, ["random"], seed=10_000, content=content,
                 run=RunOptions(jobs=1))  # fmt: skip
    means = [[statistics.fmean(r.totals()) for r in run] for run in (a, b)]
    apart = unpaired(*means, z=z_value(findings.comparisons))
    assert not apart.excludes_zero
    assert apart.half > 10 * d.half


def test_identical_variants_are_never_reported_different() -> None:
    findings = study(["a=", "b=", "c=deck=rulebook-63"], 30, players=3).play()
    assert findings.significant() == []
    assert all(d.none_at_all for row in findings.rows for d in row.differences.values())


def test_the_intervals_hold_the_study_wide_error_rate() -> None:
    """Pure noise, 400 studies of 12 comparisons each (differences of mean zero, as
    unrelated luck would leave them): at most 5% of studies report any difference."""
    rng = random.Random(7)
    comparisons, z = 12, z_value(12)
    false_alarms = 0
    for _ in range(400):
        alarms = [
            paired(
                [rng.gauss(10, 3) for _ in range(40)], [rng.gauss(10, 3) for _ in range(40)], z
            ).excludes_zero
            for _ in range(comparisons)
        ]
        false_alarms += any(alarms)
    assert false_alarms / 400 <= 0.05 + 0.03  # 0.05 and about 3 standard errors
    assert z == pytest.approx(2.865, abs=0.01) and z_value(1) == pytest.approx(1.96, abs=0.01)


def test_estimates_of_one_game_or_none_decide_nothing() -> None:
    assert not estimate([3.0]).excludes_zero
    assert estimate([]).n == 0
    assert estimate([2.0, 2.0]).excludes_zero  # the same change in every game


def test_until_significant_plays_on_until_the_differences_are_decided(tmp_path: Path) -> None:
    """Batches of 5 until the harsher refusal's score difference is decided, well
    before the budget; the results files keep every game played."""
    experiment = Experiment(
        "welcome-to", 2, 5, ["random"],
        [parse_variant("welcome-to", v) for v in ("rulebook=", HARSHER)],
        run=RunOptions(jobs=1, out=tmp_path),
    )  # fmt: skip
    findings = experiment.play(until_significant=60, only=["mean score"])
    assert [r.measure.name for r in findings.rows] == ["mean score"]
    assert findings.undecided() == [] and findings.games < 60 and findings.games % 5 == 0
    assert len((tmp_path / "harsher.jsonl").read_text().splitlines()) == findings.games
    again = Experiment(
        "welcome-to", 2, findings.games, ["random"], experiment.variants,
        run=RunOptions(jobs=1, out=tmp_path, resume=True),
    ).play(only=["mean score"])  # fmt: skip
    assert again.rows[0].differences == findings.rows[0].differences


def test_a_study_on_a_budget_stops_when_it_is_spent() -> None:
    """Random bots seldom build a window: worth 2 points instead of 1, it moves the
    scores too little for 40 games (in batches of 20) to tell."""
    s = study(["rulebook=", "v=basic.points.window=2"], 20, game_id="mr-house-basic")
    findings = s.play(until_significant=40, only=["mean score", "winner's score"])
    assert findings.games == 40 and len(findings.undecided()) == 2


def test_analyse_refuses_an_unknown_measure() -> None:
    s = study(["a=", "b="], 2)
    with pytest.raises(BadVariant, match="no measure 'nonsense'"):
        s.play(only=["nonsense"])


# == the command =====================================================================
CASES = {
    "mr-house-basic": ("door=ground-floor", "basic.points.window=2"),
    "mr-house-advanced": ("office=first-one", "advanced.points.chimney=2"),
    "welcome-to": ("deck=standard-81", "ladders.refusals=[0, 0, 3, 6]"),
    "dream-home": ("column-discard=false", "rooms.0.points=[1, 5, 9]"),
    "house-of-fado": ("promos=true", "star_points=[0, 12, 15, 21, 28, 36]"),
    "master-builder": ("renting-workers=true", "unwanted_bonus=6"),
}


def test_every_built_in_game_has_a_case() -> None:
    built_in = {g for g in hb.game_ids() if hb.game(g).data is not None}
    assert set(CASES) == built_in


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_the_command_compares_options_and_data_in_every_game(game_id: str, tmp_path: Path) -> None:
    option, path = CASES[game_id]
    result = CliRunner().invoke(app, [
        "experiment", game_id, "--variant", "rulebook=", "--variant", f"opt={option}",
        "--variant", f"data={path}", "--bots", "random", "--games", "3", "--jobs", "1",
        "--out", str(tmp_path),
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert (
        "opt (" in result.output
        and "data (" in result.output
        and "against rulebook" in result.output
    )
    page = (tmp_path / "report.html").read_text()
    assert "<img" in page and "housebuilders experiment" in page
    assert {p.name for p in tmp_path.iterdir()} >= {"rulebook.jsonl", "opt.jsonl", "data.jsonl",
                                                     "experiment.json", "report.html"}  # fmt: skip


def test_the_report_renders_eight_variants(tmp_path: Path) -> None:
    variants = [f"--variant=v{i}=basic.points.window={i}" for i in range(1, 9)]
    result = CliRunner().invoke(app, [
        "experiment", "mr-house-basic", *variants, "--bots", "random", "--games", "2",
        "--jobs", "1", "--out", str(tmp_path), "--baseline", "v1",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    assert all(f"v{i}" in page for i in range(1, 9))
    too_many = CliRunner().invoke(app, ["experiment", "mr-house-basic", *variants, "--variant=v9="])
    assert too_many.exit_code == 2 and "2 to 8" in too_many.output


def test_mistakes_are_one_line(tmp_path: Path) -> None:
    for args, words in [
        (["--variant", "a=", "--variant", "b=nope=1"], "no 'nope'"),
        (["--variant", "a=", "--variant", "b=", "--baseline", "c"], "no variant named 'c'"),
        (["--variant", "a=", "--variant", "b=", "--budget", "9"], "--until-significant"),
    ]:
        result = CliRunner().invoke(app, ["experiment", "mr-house-basic", *args, "--games", "2"])
        assert result.exit_code == 2 and words in result.output, result.output


@pytest.mark.ray
def test_a_study_on_ray_finds_what_processes_find(tmp_path: Path) -> None:
    variants = [parse_variant("welcome-to", v) for v in ("rulebook=", HARSHER)]
    here = Experiment("welcome-to", 2, 6, ["random"], variants, run=RunOptions(jobs=1)).play()
    on_ray = Experiment(
        "welcome-to", 2, 6, ["random"], variants, run=RunOptions(jobs=2, backend="ray")
    ).play()
    assert [(r.measure.name, r.values, r.differences) for r in on_ray.rows] == [
        (r.measure.name, r.values, r.differences) for r in here.rows
    ]


def test_a_study_directory_that_cannot_be_made_is_a_results_error(tmp_path: Path) -> None:
    below_a_file = tmp_path / "r.jsonl"
    below_a_file.write_text("")
    with pytest.raises(ResultsError, match="cannot write .*: Not a directory"):
        variants = [parse_variant("welcome-to", v) for v in ("a=", HARSHER)]
        out = RunOptions(jobs=1, out=below_a_file / "study")
        Experiment("welcome-to", 2, 2, ["random"], variants, run=out)


def test_an_option_is_read_as_the_games_choices_are_written() -> None:
    spec = hb.game("house-of-fado")
    for text, value in [("True", True), ("true", True), ("False", False), ("off", False)]:
        assert option_value(spec, "promos", text) is value
    assert option_value(hb.game("welcome-to"), "deck", "standard-81") == "standard-81"
    with pytest.raises(BadSetup, match="takes False or True, not 'maybe'"):
        option_value(spec, "promos", "maybe")
    with pytest.raises(BadSetup, match=r"variant v: option 'promos' .* not 'maybe'"):
        parse_variant("house-of-fado", "v=promos=maybe")
    assert parse_variant("house-of-fado", "v=promos=True").options == {"promos": True}
