"""The ISMCTS bot: legal, deterministic, blind to what its seat cannot see."""

from __future__ import annotations

import random

import pytest

import housebuilders as hb
from housebuilders import agents
from housebuilders.agents import AgentError, ISMCTSAgent
from housebuilders.arena.match import view_seed

GAMES = ["mr-house-basic", "mr-house-advanced", "welcome-to"]


def positions(game_id: str, players: int, seed: int, every: int = 23):
    """Positions along a random game, each with its acting player."""
    state = hb.new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        player = state.acting_players()[0]
        if step % every == 0:
            yield state.clone(), player
        state.apply(player, rng.choice(state.legal_actions(player)))
        step += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_chooses_a_legal_action(game_id: str) -> None:
    bot = agents.make("ismcts:iterations=30", seed=1)
    for state, player in positions(game_id, 3, seed=2, every=31):
        view = state.determinize(player, 7)
        assert bot.choose(view, player) in state.legal_actions(player)


@pytest.mark.parametrize("game_id", GAMES)
def test_ismcts_fixed_seed_fixed_iterations_same_move(game_id: str) -> None:
    for state, player in positions(game_id, 2, seed=4, every=29):
        view = state.determinize(player, 3)
        moves = {
            agents.make("ismcts:iterations=60", seed=9).choose(view.clone(), player)
            for _ in range(3)
        }
        assert len(moves) == 1


def test_ismcts_same_seed_same_game() -> None:
    bots = ["ismcts:iterations=15", "greedy"]
    first = hb.play("mr-house-basic", bots, seed=5)
    second = hb.play("mr-house-basic", bots, seed=5)
    assert first.history == second.history


class Spy(ISMCTSAgent):
    """A search bot that also tries to read the opponent's face-down markers."""

    def __init__(self) -> None:
        super().__init__(seed=0, iterations=5)
        self.views: list[tuple[hb.State, int]] = []

    def choose(self, view: hb.State, player: int) -> hb.Action:
        self.views.append((view, player))
        return super().choose(view, player)


def test_a_bot_reading_hidden_values_from_its_view_finds_resampled_ones() -> None:
    # The true state holds player 1's face-down marker values; the spy (seat 0) is
    # handed views in which they are dealt anew, never the true state itself.
    state = hb.new_game("mr-house-basic", 2, seed=12)
    spy = Spy()
    truths, seen = [], []
    rng = random.Random(12)
    while state.phase == 0:  # movement: player 1's placed markers are face down
        player = state.acting_players()[0]
        if player == 0:
            view = state.determinize(0, view_seed(12, len(state.history)))
            action = spy.choose(view, 0)
            assert view is not state
            truths.append([v for stack in state.stacks for pl, v, _ in stack if pl == 1])
            seen.append([v for stack in view.stacks for pl, v, _ in stack if pl == 1])
        else:
            action = rng.choice(state.legal_actions(1))
        state.apply(player, action)
    assert any(t != s for t, s in zip(truths, seen, strict=True) if t)
    # What the spy's seat is shown of the opponent's markers is nothing at all.
    for view, _ in spy.views:
        assert "hand" not in view.observe(0)["players"][1]


def test_ismcts_time_budget() -> None:
    bot = agents.make("ismcts:seconds=0.05", seed=1)
    state = hb.new_game("mr-house-basic", 4, seed=1)
    bot.choose(state.determinize(0, 1), 0)
    assert 0.04 <= bot.last_seconds < 0.5
    assert bot.last_iterations > 5


def test_ismcts_keeps_the_subtree_across_its_own_consecutive_moves() -> None:
    state = hb.new_game("mr-house-basic", 2, seed=3)
    state.coins[0] = 2  # spending a coin leaves player 0 to move again
    bot = ISMCTSAgent(seed=1, iterations=200)
    view = state.determinize(0, 1)
    move = bot.choose(view, 0)
    state.apply(0, move)
    if state.acting_players() == (0,):
        bot.choose(state.determinize(0, 2), 0)
        assert bot.last_reused
    bot.choose(hb.new_game("mr-house-basic", 2, seed=4).determinize(0, 1), 0)
    assert not bot.last_reused  # another game: a new tree


def test_ismcts_keeps_its_subtree_whatever_the_others_chose_unseen() -> None:
    """Welcome To: the others' choices of the round are unseen, so they neither stop
    the tree being kept nor show through whether it is."""
    state = hb.new_game("welcome-to", 2, seed=3)
    bot = ISMCTSAgent(seed=1, iterations=60, paired=False)  # a tree kept between moves
    move = bot.choose(state.determinize(0, 1), 0)
    state.apply(0, move)
    assert 0 in state.acting_players()  # a pair taken: the choice goes on
    while 1 in state.acting_players():  # player 1 chooses, unseen by player 0
        state.apply(1, state.legal_actions(1)[0])
    assert 0 in state.acting_players()
    bot.choose(state.determinize(0, 2), 0)
    assert bot.last_reused


def test_ismcts_bad_parameters_are_clear_errors() -> None:
    """The agent checks its settings itself (for Python callers); a name's values are
    checked against their ranges before (tests/agents/test_bot_registry.py)."""
    with pytest.raises(AgentError, match="rollout is 'random', 'greedy' or 'policy'"):
        ISMCTSAgent(rollout="smart")
    with pytest.raises(AgentError, match="no parameter 'temperature'"):
        agents.make("ismcts:temperature=2")
    with pytest.raises(AgentError, match="iterations >= 0"):
        ISMCTSAgent(iterations=-5)


def test_the_end_of_a_game_rewards_the_share_of_the_win() -> None:
    bot = agents.make("ismcts:iterations=10", seed=0)
    basic = hb.play("mr-house-basic", ["random"] * 3, seed=4)
    rewards = bot._rewards(basic, set())  # type: ignore[attr-defined]
    winners = basic.winners()
    assert rewards == [1 / len(winners) if p in winners else 0.0 for p in range(3)]


def test_a_first_place_that_lost_is_rewarded_as_a_loss() -> None:
    bot = agents.make("ismcts:iterations=10", seed=0)
    state = hb.play("mr-house-advanced", ["random", "random"], seed=67)
    assert 1 in state.ranking() and state.winners() == []  # no house is complete
    assert bot._rewards(state, set()) == [0.0, 0.0]  # type: ignore[attr-defined]


def test_a_margin_keeps_counting_the_lead_past_a_sure_win() -> None:
    """With ``margin``, that share of the reward goes to the lead itself: of two games
    greedy won against random, the one won by more rewards its winner more, where
    the share of the win alone rewards both alike (a search sure to win would
    otherwise play any move, and end poor: Master Builder's search did against
    random, docs/bots.md)."""
    plain = agents.make("ismcts:iterations=10", seed=0)
    margin = agents.make("ismcts:iterations=10,margin=0.1", seed=0)
    ends = [hb.play("master-builder", ["greedy", "random"], seed=s) for s in range(4)]
    leads = [hb.game("master-builder").evaluate_all(s)[0] for s in ends]
    assert all(s.winners() == [0] for s in ends) and len(set(leads)) == len(leads)
    assert all(plain._rewards(s, set())[0] == 1.0 for s in ends)  # type: ignore[attr-defined]
    rewards = [margin._rewards(s, set())[0] for s in ends]  # type: ignore[attr-defined]
    assert all(0.9 < r < 1.0 for r in rewards)
    assert sorted(range(4), key=rewards.__getitem__) == sorted(range(4), key=leads.__getitem__)
    with pytest.raises(AgentError, match="0 <= margin <= 1"):
        ISMCTSAgent(margin=1.5)


def test_ismcts_greedy_rollouts_play() -> None:
    bot = agents.make("ismcts:iterations=10,rollout=greedy,depth=3", seed=2)
    state = hb.new_game("mr-house-advanced", 2, seed=2)
    assert bot.choose(state.determinize(state.acting_players()[0], 1), state.acting_players()[0])


def test_ismcts_plays_to_the_end_with_a_negative_depth() -> None:
    bot = agents.make("ismcts:iterations=5,depth=-1,rollout=random", seed=3)
    state = hb.new_game("mr-house-basic", 2, seed=3)
    assert bot.choose(state.determinize(0, 1), 0) in state.legal_actions(0)


def test_ismcts_scale_defaults_to_the_game_s() -> None:
    assert hb.game("mr-house-advanced").heuristic_scale == 8.0
    assert ISMCTSAgent().scale == 0.0  # 0: use the game's


def test_ismcts_greedy_rollout_compares_sampled_candidates() -> None:
    bot = agents.make("ismcts:iterations=20,candidates=2", seed=4)
    assert bot.candidates == 2
    state = hb.new_game("mr-house-basic", 2, seed=4)
    assert bot.choose(state.determinize(0, 1), 0) in state.legal_actions(0)
    with pytest.raises(AgentError, match="candidates >= 1"):
        ISMCTSAgent(candidates=0)


def test_ismcts_with_a_prior_expands_the_heuristic_s_best_move_first() -> None:
    from housebuilders.agents.greedy import GreedyAgent

    state = hb.new_game("welcome-to", 2, seed=4)
    player = state.acting_players()[0]
    view = state.determinize(player, 1)
    bot = agents.make("ismcts:iterations=1,depth=0,prior=true,width=0,paired=false", seed=3)
    greedy = GreedyAgent(seed=3, samples=1)
    assert bot.choose(view, player) == greedy.choose(view, player)


def test_in_a_simultaneous_round_the_tree_holds_one_seat_s_moves_per_node() -> None:
    state = hb.new_game("welcome-to", 3, seed=4)
    bot = ISMCTSAgent(seed=1, iterations=60, depth=0)
    bot.choose(state.determinize(1, 2), 1)
    root = bot._kept[3] if bot._kept else None
    assert root is not None

    def check(node, depth=0):
        movers = {child.mover for child in node.children.values()}
        assert len(movers) <= 1, f"a node mixes the moves of seats {movers}"
        for child in node.children.values():
            check(child, depth + 1)

    check(root)


def test_ismcts_rollouts_with_the_game_s_own_policy() -> None:
    bot = agents.make("ismcts:iterations=20,depth=16,rollout=policy", seed=1)
    for state, player in positions("welcome-to", 2, seed=3, every=17):
        assert bot.choose(state.determinize(player, 5), player) in state.legal_actions(player)


def test_a_rollout_policy_the_game_lacks_is_a_clear_error() -> None:
    bot = agents.make("ismcts:rollout=policy")
    with pytest.raises(AgentError, match="no rollout policy"):
        agents.check_game(bot, hb.game("mr-house-basic"))


class RootSpy(ISMCTSAgent):
    """A search bot that keeps its last root, and how each iteration was scored."""

    def _root(self, view, player):  # noqa: ANN001, ANN202
        self.root = super()._root(view, player)
        return self.root

    def _rewards(self, state, movers, known=None):  # noqa: ANN001, ANN202
        self.scored.append(state.is_terminal() or state.undo_floor == len(state.history))
        return super()._rewards(state, movers, known)


def test_ismcts_width_searches_only_the_heuristic_s_best_moves() -> None:
    evaluate = hb.game("welcome-to").heuristic

    def value(move):  # noqa: ANN001, ANN202
        after = view.clone()
        after.apply(0, move)
        return evaluate(after, 0)

    for state, player in positions("welcome-to", 1, seed=3, every=5):
        view = state.determinize(player, 1)
        values = sorted((value(move) for move in view.legal_actions(0)), reverse=True)
        if len(values) > 2 and values[1] > values[-1]:  # some moves are worse
            break
    bot = RootSpy(seed=1, iterations=40, width=2, prior=True)
    bot.scored = []
    assert value(bot.choose(view.clone(), 0)) >= values[1]
    assert len(bot.root.children) == 2
    assert all(value(move) >= values[1] for move in bot.root.children)
    alone = ISMCTSAgent(seed=1, iterations=40, width=1)
    assert value(alone.choose(view.clone(), 0)) == values[0]
    assert alone.last_iterations == 0  # one candidate: nothing to search


def test_paired_ismcts_gives_every_root_move_the_same_number_of_samples() -> None:
    for state, player in positions("welcome-to", 2, seed=3, every=13):
        if len(state.legal_actions(player)) < 2:
            continue
        bot = RootSpy(seed=2, iterations=30, paired=True, width=3, depth=0)
        bot.scored = []
        bot.choose(state.determinize(player, 5), player)
        visits = {child.visits for child in bot.root.children.values()}
        assert len(visits) == 1, visits  # every sweep visits every candidate once


def test_ismcts_reveals_scores_each_iteration_at_the_first_reveal() -> None:
    state = hb.new_game("welcome-to", 2, seed=6)
    bot = RootSpy(seed=3, iterations=25, depth=-1, reveals=1, rollout="random", paired=False)
    bot.scored = []
    bot.choose(state.determinize(0, 1), 0)
    assert len(bot.scored) == 25 and all(bot.scored)  # never played past the round
    with pytest.raises(AgentError, match="reveals >= 0"):
        ISMCTSAgent(reveals=-1)
    with pytest.raises(AgentError, match="width >= 0"):
        ISMCTSAgent(width=-2)


def test_ismcts_takes_the_game_s_search_settings_unless_its_name_sets_them() -> None:
    settings = hb.game("welcome-to").search_settings
    assert settings["paired"] and settings["width"] == 3
    bot = agents.make("ismcts:iterations=10,width=2")
    agents.check_game(bot, hb.game("welcome-to"))
    assert bot.paired and bot.width == 2 and bot.prior  # the game's, but the name's width
    agents.check_game(bot, hb.game("mr-house-basic"))
    assert not bot.paired and bot.width == 2 and not bot.prior  # Mr House has none
    with pytest.raises(AgentError, match="no setting 'temperature'"):
        ISMCTSAgent(temperature=2)


def test_a_paired_lead_must_be_z_standard_errors_to_overrule_the_heuristic_s_best() -> None:
    from housebuilders.agents.ismcts import _paired_best

    greedy_s = [0.5, 0.6, 0.4, 0.5]
    steady = [0.52, 0.62, 0.42, 0.52]  # 0.02 better on every sample: a sure lead
    lucky = [0.9, 0.2, 0.7, 0.24]  # a better mean (0.51), but by the luck of two samples
    assert _paired_best([greedy_s, steady, lucky], z=0) == 1
    assert _paired_best([greedy_s, lucky], z=0) == 1  # z 0: the best mean wins
    assert _paired_best([greedy_s, lucky], z=1.5) == 0  # not sure enough
    assert _paired_best([greedy_s, steady], z=1.5) == 1
