"""The policy file and the ``learned`` bot: NumPy alone, the information rule, the
errors a user meets (no file, not a policy, another game, no NumPy)."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import housebuilders as hb
from housebuilders import agents
from housebuilders.agents import AgentError
from housebuilders.agents.learned import shipped_policy
from housebuilders.cli import app
from housebuilders.learn.bot import LearnedAgent
from housebuilders.learn.policy import Policy, PolicyError


def test_a_policy_file_round_trips(policy_file: Path, tmp_path: Path) -> None:
    policy = Policy.load(policy_file)
    assert (policy.game, policy.players, policy.hidden) == ("dream-home", 2, [16])
    assert policy.meta["format"] == "housebuilders-policy"
    again = Policy.load(policy.save(tmp_path / "again.npz"))
    x = np.random.default_rng(0).uniform(-1, 1, (5, policy.observation_size)).astype(np.float32)
    assert np.array_equal(again.logits(x), policy.logits(x))
    assert policy.logits(x).shape == (5, policy.actions)
    assert not list(tmp_path.glob("*.part"))  # written beside, then moved


def test_act_takes_the_best_legal_action_or_samples_among_the_legal(policy_file: Path) -> None:
    policy = Policy.load(policy_file)
    x = np.zeros(policy.observation_size, dtype=np.float32)
    logits = policy.logits(x)
    legal = [3, 10, 700]
    best = legal[int(np.argmax(logits[legal]))]
    mask = np.zeros(policy.actions, dtype=np.int8)
    mask[legal] = 1
    assert policy.act(x, legal) == policy.act(x, mask) == best
    rng = np.random.default_rng(1)
    assert {policy.act(x, mask, rng) for _ in range(50)} <= set(legal)
    with pytest.raises(PolicyError, match="no legal action"):
        policy.act(x, np.zeros(policy.actions, dtype=np.int8))


def test_the_learned_bot_plays_a_whole_game(policy_file: Path) -> None:
    final = hb.play("dream-home", [f"learned:policy={policy_file}", "random"], seed=3)
    assert final.is_terminal()
    sampling = f"learned:policy={policy_file},sample=true"
    assert hb.play("dream-home", [sampling, sampling], seed=4).is_terminal()


def test_the_learned_bot_keeps_the_information_rule(policy_file: Path) -> None:
    """It decides on the seat's encoding alone: every determinization of the seat's
    view (the hidden cards and the future resampled) gets the same decision."""
    bot = LearnedAgent(policy=str(policy_file))
    state = hb.new_game("dream-home", 2, seed=5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal():
        seat = state.acting_players()[0]
        if len(state.legal_actions(seat)) > 1:
            chosen = {bot.choose(state.determinize(seat, s), seat) for s in range(4)}
            assert len(chosen) == 1, f"move {len(state.history)}: {chosen}"
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 20


def test_it_needs_a_policy_file_that_is_one(policy_file: Path, tmp_path: Path) -> None:
    bare = agents.make("learned")  # the shipped policy of the game it is asked to play
    with pytest.raises(AgentError, match=r"no policy ships for master-builder: learned:policy="):
        agents.check_game(bare, hb.game("master-builder"))
    with pytest.raises(AgentError, match="no policy file"):
        agents.make(f"learned:policy={tmp_path / 'missing.npz'}")
    corrupt = tmp_path / "corrupt.npz"
    corrupt.write_bytes(b"not a zip at all")
    with pytest.raises(AgentError, match="is not a policy file"):
        agents.make(f"learned:policy={corrupt}")
    other = tmp_path / "other.npz"
    np.savez(other, meta=np.array('{"format": "something else"}'))
    with pytest.raises(AgentError, match="is not a housebuilders policy file"):
        agents.make(f"learned:policy={other}")
    truncated = tmp_path / "truncated.npz"
    truncated.write_bytes(policy_file.read_bytes()[:300])
    with pytest.raises(AgentError, match="is not a policy file"):
        agents.make(f"learned:policy={truncated}")


def test_a_policy_refuses_another_game(policy_file: Path) -> None:
    bot = agents.make(f"learned:policy={policy_file}")
    agents.check_game(bot, hb.game("dream-home"))
    with pytest.raises(AgentError, match="was trained for dream-home, not mr-house-basic"):
        agents.check_game(bot, hb.game("mr-house-basic"))
    with pytest.raises(AgentError, match="trained for dream-home"):
        hb.play("mr-house-basic", [bot, "random"], seed=1)


def _simulate(game_id: str, policy_file: Path) -> Any:
    """``housebuilders simulate GAME`` of two games, the policy against random."""
    bots = f"learned:policy={policy_file},random"
    args = ["simulate", game_id, "--games", "2", "--jobs", "1", "--bots", bots]
    return CliRunner().invoke(app, args)


def test_the_command_line_refuses_another_game_in_one_line(policy_file: Path) -> None:
    result = _simulate("mr-house-basic", policy_file)
    assert result.exit_code == 2, result.output
    assert "trained for dream-home, not mr-house-basic" in result.output
    assert "Traceback" not in result.output


def test_the_command_line_plays_it(policy_file: Path) -> None:
    result = _simulate("dream-home", policy_file)
    assert result.exit_code == 0, result.output
    assert "learned:policy=" in result.output


def test_without_numpy_the_bot_names_the_extra(
    policy_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in [m for m in sys.modules if m.startswith("housebuilders.learn")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy: ImportError
    with pytest.raises(AgentError, match=r"needs NumPy: pip install 'housebuilders\[rl\]'"):
        agents.make(f"learned:policy={policy_file}")


#: the games whose trained policy ships (it beat greedy: docs/bots.md, Shipped policies)
SHIPPED = ("dream-home", "house-of-fado", "mr-house-advanced", "mr-house-basic")


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_bare_learned_bot_plays_the_policy_shipped_for_the_game(game_id: str) -> None:
    """``learned`` without a file plays the package's policy for the game (trained by
    ``housebuilders train GAME``), a policy that beats random play."""
    shipped = shipped_policy(game_id)
    assert shipped is not None and Policy.load(shipped).game == game_id
    wins = 0
    for seed in range(6):
        seats = ["learned", "random"] if seed % 2 == 0 else ["random", "learned"]
        final = hb.play(game_id, seats, seed=seed)
        wins += seats.index("learned") in final.winners()
    assert wins >= 5


def test_only_those_games_ship_a_policy() -> None:
    assert sorted(g for g in hb.game_ids() if shipped_policy(g)) == sorted(SHIPPED)


def test_a_policy_saved_in_half_decides_as_the_full_one(policy_file: Path, tmp_path: Path) -> None:
    """``save(half=True)`` stores float16 weights (the shipped policies: half the file),
    read back as float32; its decisions over a game's positions are the full one's."""
    full = Policy.load(policy_file)
    half = Policy.load(full.save(tmp_path / "half.npz", half=True))
    assert half.weights[0].dtype == np.float32 and half.meta["game"] == full.meta["game"]
    assert (tmp_path / "half.npz").stat().st_size < 0.6 * policy_file.stat().st_size
    spec = hb.game("dream-home")
    state, rng = spec.new_game(2, seed=4), random.Random(4)
    places = spec.action_places()
    while not state.is_terminal():
        seat = state.acting_players()[0]
        legal = state.legal_actions(seat)
        seen = np.frombuffer(spec.features.encode(state, seat), dtype=np.float32)
        indices = [places[a] for a in legal]
        assert half.act(seen, indices) == full.act(seen, indices)
        state.apply(seat, rng.choice(legal))


def test_a_policy_that_staffs_and_unstaffs_for_ever_still_ends_its_games(tmp_path: Path) -> None:
    """Master Builder lets a seat take back the sections it staffed; a policy may prefer
    that for ever (a trained one did: Staff, Unstaff, Staff...). The learned bot plays
    an action at most REPEATS times in a run of its own moves, so the game ends."""
    from housebuilders.learn.bot import REPEATS

    spec = hb.game("master-builder")
    assert spec.features is not None
    size, count = spec.features.size(2), spec.action_space_size
    bias = np.zeros(count, dtype=np.float32)
    for i, action in enumerate(spec.actions):
        if action.kind in ("staff-section", "unstaff-section"):
            bias[i] = 10.0 if action.kind == "unstaff-section" else 9.0
    meta = Policy.untrained("master-builder", 2, size, count, hidden=()).meta
    looping = Policy([(np.zeros((count, size), dtype=np.float32), bias)], meta)
    path = looping.save(tmp_path / "looping.npz")

    state = spec.new_game(2, 5)
    bots = [agents.make(f"learned:policy={path}", seed=1), agents.make("random", seed=2)]
    longest = run = 0
    for _ in range(20_000):
        if state.is_terminal():
            break
        player = state.acting_players()[0]
        action = bots[player].choose(state.determinize(player, len(state.history)), player)
        run = run + 1 if player == 0 and state.history and state.history[-1][0] == 0 else 1
        longest = max(longest, run)
        state.apply(player, action)
    assert state.is_terminal()
    staffed = [a for p, a in state.history if p == 0 and a.kind == "staff-section"]
    assert staffed, "the policy's favourite moves were played"
    assert longest < 2 * REPEATS * len(spec.actions)  # finite runs, as the guard makes them


def test_the_learned_bot_leaves_out_what_it_repeated_in_its_run() -> None:
    from types import SimpleNamespace

    from housebuilders.learn.bot import unrepeated

    a, b, c = "a", "b", "c"  # any hashable actions
    view: Any = SimpleNamespace(history=[(1, a), (1, a), (0, a), (0, b), (0, a), (0, b)])
    assert unrepeated(view, 0, [a, b, c]) == [c]  # a and b twice each since seat 1 moved
    view.history = [(0, a), (0, a), (1, c), (0, a)]  # the run starts after seat 1's move
    assert unrepeated(view, 0, [a, b]) == [a, b]
    view.history = [(0, a), (0, a)]
    assert unrepeated(view, 0, [a]) == [a]  # nothing else is legal: it is played again
