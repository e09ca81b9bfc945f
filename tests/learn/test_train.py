"""``housebuilders train``: the exported policy plays as the trained network does,
checkpoints resume, the command explains itself and names its extra, and (slow) a
short training learns."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
import torch
from typer.testing import CliRunner

from housebuilders.cli import app
from housebuilders.learn import runs as several, train as training
from housebuilders.learn.policy import Policy
from housebuilders.learn.train import Settings, TrainingEnv

#: a training of seconds: small rollouts, a small network
TINY = {"envs": 2, "n_steps": 64, "batch_size": 64, "epochs": 1, "hidden": (32, 32)}


def tiny(steps: int, **kwargs: object) -> Settings:
    return Settings("dream-home", steps=steps, **{**TINY, **kwargs})  # type: ignore[arg-type]


def observations(count: int, seed: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """(observation, mask) pairs from random play of the training environment."""
    env = TrainingEnv("dream-home", 2, "random", "mixed", 0.005, scale=10.0, eval_games=10)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    found = []
    while len(found) < count:
        mask = env.action_masks()
        found.append((obs.copy(), mask.copy()))
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            obs, _ = env.reset()
    return found


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> training.TrainResult:
    """A training of 512 steps, checkpointed every 128 (a few seconds)."""
    out = tmp_path_factory.mktemp("train") / "dream-home.npz"
    return training.train(tiny(512, checkpoint_steps=128), out, eval_games=10)


def test_the_numpy_policy_plays_as_the_torch_policy(trained: training.TrainResult) -> None:
    model = training.MaskablePPO.load(trained.checkpoints / training.CHECKPOINT, device="cpu")
    policy = Policy.load(trained.out)
    assert policy.hidden == [32, 32] and policy.meta["training"]["steps"] == trained.steps
    pairs = observations(60)
    batch = torch.as_tensor(np.stack([o for o, _ in pairs]))
    with torch.no_grad():
        net = model.policy
        torch_logits = net.action_net(net.mlp_extractor.forward_actor(net.extract_features(batch)))
    np.testing.assert_allclose(policy.logits(batch.numpy()), torch_logits.numpy(), atol=1e-5)
    for obs, mask in pairs:
        expected, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        assert policy.act(obs, mask) == int(expected)


def test_a_training_reports_and_writes_its_figures(trained: training.TrainResult) -> None:
    assert trained.steps >= 512
    meta = Policy.load(trained.out).meta
    assert meta["game"] == "dream-home" and meta["players"] == 2
    assert meta["training"]["reward"] == "mixed" and meta["training"]["step_cost"] == 0.005
    assert [s["stage"] for s in meta["training"]["stages"]] == [
        "random",
        "greedy:samples=1",
        "self",
    ]
    assert (trained.checkpoints / training.SNAPSHOT).is_file()  # the self-play opponent


def test_resume_continues_the_step_count(trained: training.TrainResult, tmp_path: Path) -> None:
    seen: list[int] = []
    result = training.train(
        tiny(768),
        tmp_path / "more.npz",
        checkpoints=trained.checkpoints,
        resume=True,
        progress=lambda p: seen.append(p.steps),
    )
    assert seen[0] > trained.steps  # it went on from the checkpoint's steps
    assert result.steps >= 768 and result.seconds > trained.seconds
    state = training.read_checkpoint(trained.checkpoints)
    assert state["steps"] == result.steps
    with pytest.raises(training.TrainingError, match="trains dream-home with 2 players"):
        training.train(
            Settings("dream-home", players=3, steps=600),
            tmp_path / "x.npz",
            checkpoints=trained.checkpoints,
            resume=True,
        )
    with pytest.raises(training.TrainingError, match="no checkpoint to resume"):
        training.train(tiny(600), tmp_path / "y.npz", checkpoints=tmp_path / "none", resume=True)


def test_ctrl_c_stops_at_the_next_step_and_keeps_a_checkpoint(tmp_path: Path) -> None:
    import signal

    asked: list[int] = []

    def ctrl_c(p: training.Progress) -> None:
        if p.steps >= 100 and not asked:
            asked.append(p.steps)
            signal.raise_signal(signal.SIGINT)

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        training.train(tiny(100_000), tmp_path / "p.npz", progress=ctrl_c)
    assert signal.getsignal(signal.SIGINT) is before
    steps = training.read_checkpoint(tmp_path / "p.checkpoints")["steps"]
    assert steps == asked[0]  # stopped between two steps, none lost


def test_the_rewards_carry_the_margin_and_the_step_cost() -> None:
    import housebuilders as hb

    state = hb.play("dream-home", ["random", "random"], seed=2)
    totals = [s["total"] for s in state.scores()]
    winner = state.winners()[0]
    margin = (totals[winner] - totals[1 - winner]) / 10
    assert training.final_reward(state, winner, "win", 10, over=True) == 1
    assert training.final_reward(state, winner, "score", 10, over=True) == pytest.approx(margin)
    assert training.final_reward(state, winner, "mixed", 10, over=True) == pytest.approx(1 + margin)
    # cut short by the episode cap: a loss
    assert training.final_reward(state, winner, "mixed", 10, over=False) == pytest.approx(
        margin - 1
    )
    assert tiny(1).step_cost == 0.5 / hb.game("dream-home").episode_steps


def test_the_goal_reward_counts_a_complete_house_above_any_points() -> None:
    """Mr House advanced: an incomplete house loses whatever its points, so its training
    rewards the heuristic's lead at the end (a complete house worth more than any
    points), not the score's margin."""
    import housebuilders as hb

    spec = hb.game("mr-house-advanced")
    assert Settings("mr-house-advanced", steps=10).reward == "goal"
    assert Settings("dream-home", steps=10).reward == "mixed"
    state = hb.play("mr-house-advanced", ["greedy", "random"], seed=3)
    assert state.complete(0) and not state.complete(1)
    for seat in (0, 1):
        lead = spec.heuristic(state, seat)
        won = 1.0 if seat in state.winners() else -1.0
        assert training.final_reward(state, seat, "goal", 4, over=True) == pytest.approx(
            won + lead / 4
        )
    # the complete house's lead is worth more than its points' margin
    totals = [s["total"] for s in state.scores()]
    assert spec.heuristic(state, 0) > totals[0] - totals[1] + 50
    assert training.score_scale("mr-house-advanced", 2, "goal", games=2) >= 1


def test_the_goal_reward_pays_the_lead_as_it_changes() -> None:
    """Potential-based shaping: each step pays the change of the heuristic's lead, so
    an episode's rewards add up to the final goal reward less the lead at its start
    (what the seat was dealt), the step costs aside."""
    import housebuilders as hb

    env = TrainingEnv("mr-house-advanced", 2, "greedy:samples=1", "goal", 0.0, 3.0, 10)
    _, _ = env.reset(seed=5)
    start, total, paid = env.potential, 0.0, []
    rng = np.random.default_rng(5)
    done = False
    while not done:
        mask = env.action_masks()
        _, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        paid.append(reward)
        done = terminated or truncated
    state, seat = env.base.state, env.base.seat
    final = training.final_reward(state, seat, "goal", 3.0, terminated)
    assert total == pytest.approx(final - start)
    assert len({round(r, 9) for r in paid}) > 2  # paid along the way, not only at the end
    assert hb.game("mr-house-advanced").heuristic is not None


def test_bad_settings_are_refused() -> None:
    with pytest.raises(training.TrainingError, match="reward is one of mixed, goal, score, win"):
        Settings("dream-home", reward="points")
    with pytest.raises(Exception, match="unknown bot 'grredy'"):
        Settings("dream-home", opponents=["random", "grredy"])
    assert Settings("dream-home").minutes == training.DEFAULT_MINUTES
    alone = Settings("welcome-to", players=1, steps=10)  # its game's reward, the goal
    assert (alone.reward, alone.stages()) == ("goal", ["alone"])
    # a one-player game is always won: the win's rewards become the score's; the goal's
    # (the heuristic's worth, paid as it changes) stays
    assert Settings("welcome-to", players=1, steps=10, reward="win").reward == "score"
    assert Settings("welcome-to", players=1, steps=10, reward="goal").reward == "goal"


def test_the_curriculum_shares_the_budget() -> None:
    default = Settings("dream-home", steps=100)
    assert [default.stage_at(f) for f in (0, 0.19, 0.2, 0.59, 0.6, 1.0)] == [0, 0, 1, 1, 2, 2]
    given = Settings("dream-home", steps=100, opponents=["random", "self"])
    assert [given.stage_at(f) for f in (0, 0.49, 0.5, 1.0)] == [0, 0, 1, 1]


def test_a_resumed_training_starts_against_its_stage_s_bot() -> None:
    settings = Settings("dream-home", steps=1000)
    assert training._bot_of_stage(settings, 0, 0.0) == "random"
    assert training._bot_of_stage(settings, 300, 0.0) == "greedy:samples=1"
    assert training._bot_of_stage(settings, 900, 0.0) == "greedy:samples=1"  # self: before
    timed = Settings("dream-home", minutes=10, opponents=["greedy", "random"])
    assert training._bot_of_stage(timed, 10**6, 400.0) == "random"


def test_the_command_explains_itself() -> None:
    result = CliRunner().invoke(app, ["train", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in (
        "--steps",
        "--minutes",
        "--players",
        "--out",
        "--seed",
        "--checkpoints",
        "--resume",
        "--eval-games",
        "--opponents",
        "--reward",
        "--step-cost",
        "--runs",
        "--select-games",
        "--imitate",
        "--imitate-moves",
    ):
        assert option in result.output
    assert "pip install 'housebuilders[learn]'" in result.output


def test_without_the_extra_the_command_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(sys.modules, "housebuilders.learn.train")
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # import sb3_contrib: ImportError
    result = CliRunner().invoke(app, ["train", "dream-home", "--steps", "10"])
    assert result.exit_code == 2
    assert "housebuilders train needs the learn extra: pip install 'housebuilders[learn]'" in (
        " ".join(result.output.split())
    )
    assert "Traceback" not in result.output


def test_the_command_trains_evaluates_and_writes_one_policy_file(tmp_path: Path) -> None:
    out = tmp_path / "dh.npz"
    result = CliRunner().invoke(
        app,
        [
            "train",
            "dream-home",
            "--steps",
            "128",
            "--envs",
            "2",
            "--eval-games",
            "4",
            "--eval-bots",
            "random",
            "--out",
            str(out),
            "--opponents",
            "random",
            "--imitate",
            "greedy:samples=1",
            "--imitate-moves",
            "50",
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "first, 50 moves of greedy:samples=1 taught (4 passes over them)" in result.output
    assert "policy written to" in result.output and "95% interval" in result.output
    assert Policy.load(out).meta["training"]["stages"][0]["stage"] == "imitate greedy:samples=1"
    evaluation = Policy.load(out).meta["evaluation"]
    assert [e["opponent"] for e in evaluation] == ["random"] and evaluation[0]["games"] == 4
    assert evaluation[0]["first_seed"] == training.EVAL_SEED
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dh.checkpoints", "dh.npz"]


def test_several_runs_train_side_by_side_and_the_best_on_its_own_seeds_is_kept(
    tmp_path: Path,
) -> None:
    out = tmp_path / "dh.npz"
    seen: set[int] = set()
    result = several.train_runs(
        tiny(128, opponents=["random"], runs=2, seed=5),
        out,
        progress=lambda run, p: seen.add(run),
        eval_games=4,
        select_bots=["random"],
        select_games=6,
    )
    assert seen == {0, 1}  # both runs reported from their processes
    runs = result.runs
    assert [r["seed"] for r in runs] == [5, 6] and sum(r["kept"] for r in runs) == 1
    kept = next(i for i, r in enumerate(runs) if r["kept"])
    assert runs[kept]["selection"] == max(r["selection"] for r in runs)
    for i, run in enumerate(runs):  # each run's policy scored again: the same figure
        path = several.run_directory(result.checkpoints, i) / "policy.npz"
        assert several.selection_score(path, "dream-home", 2, ["random"], 6) == run["selection"]
        assert Policy.load(path).meta["training"]["seed"] == run["seed"]
    meta = Policy.load(out).meta["training"]
    assert meta["seed"] == runs[kept]["seed"] and meta["runs"] == runs
    assert meta["selection"] == {
        "bots": ["random"],
        "games": 6,
        "first_seed": several.SELECT_SEED,
    }
    assert result.steps == runs[kept]["steps"] >= 128


def test_the_command_shows_its_runs_and_the_one_kept(tmp_path: Path) -> None:
    out = tmp_path / "dh.npz"
    args = ["train", "dream-home", "--steps", "64", "--envs", "2", "--opponents", "random"]
    more = ["--runs", "2", "--select-games", "2", "--eval-games", "0", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, *more], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "2 runs side by side (seeds 0, 1)" in result.output
    assert "the runs" in result.output and "yes" in result.output  # the kept one
    assert len(Policy.load(out).meta["training"]["runs"]) == 2


def test_a_game_may_train_several_runs_by_default() -> None:
    assert Settings("mr-house-advanced", steps=10).runs == 2  # its result depends on the seed
    assert Settings("dream-home", steps=10).runs == 1
    with pytest.raises(training.TrainingError, match="--runs must be at least 1"):
        Settings("dream-home", runs=0)


def test_the_command_refuses_bad_options_in_one_line(tmp_path: Path) -> None:
    for args, message in [
        (["train", "dream-home", "--reward", "points"], "reward is one of"),
        (["train", "dream-home", "--opponents", "random,grredy"], "unknown bot 'grredy'"),
        (["train", "dream-home", "--imitate", "grredy"], "unknown bot 'grredy'"),
        (["train", "no-such-game"], "no-such-game"),
        (["train", "dream-home", "--resume", "--checkpoints", str(tmp_path)], "no checkpoint"),
        (["train", "mr-house-advanced", "--resume", "--checkpoints", str(tmp_path)], "run-1"),
    ]:
        result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "p.npz")])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_a_short_training_beats_the_untrained_policy(tmp_path: Path) -> None:
    """Dream Home, 2 players, 6,000 steps against random (about half a minute): the
    trained policy's score rate against random beats the untrained one's (the same
    network before training), the 95% interval of the difference above zero."""
    settings = Settings("dream-home", steps=6000, opponents=["random"], envs=8, n_steps=128)
    untrained = tmp_path / "untrained.npz"
    training.train(
        Settings("dream-home", steps=1, opponents=["random"], envs=8, n_steps=128),
        untrained,
        checkpoints=tmp_path / "u",
    )
    result = training.train(settings, tmp_path / "trained.npz")
    games = 200
    before = training.evaluate(untrained, "dream-home", bots=["random"], games=games)[0]
    after = training.evaluate(result.out, "dream-home", bots=["random"], games=games)[0]
    low, high = training.difference_interval(after.score, games, before.score, games)
    assert low > 0, (before.score_rate, after.score_rate, low, high)
