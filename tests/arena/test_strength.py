"""Head-to-head strength matches: seats rotate, the score rate and its interval are
right, a fixed seed gives the same match, a bot that raises costs one game."""

from __future__ import annotations

from collections import Counter

import pytest

import housebuilders as hb
from housebuilders.agents import AgentError, RandomAgent, registry
from housebuilders.arena import strength
from housebuilders.arena.strength import (
    GameRecord,
    Speed,
    StrengthResult,
    TimedAgent,
    a_seats,
    match,
    outcome,
    search_speed,
    wilson,
)

GAME = "mr-house-basic"


# -- the interval and the tally --------------------------------------------------------------
def test_wilson_interval_of_a_known_case() -> None:
    low, high = wilson(60, 100)
    assert low == pytest.approx(0.5020, abs=5e-4)
    assert high == pytest.approx(0.6906, abs=5e-4)


def test_wilson_interval_stays_inside_0_and_1() -> None:
    assert wilson(0, 10)[0] == pytest.approx(0.0) and 0.2 < wilson(0, 10)[1] < 0.35
    assert wilson(10, 10)[1] == pytest.approx(1.0) and 0.65 < wilson(10, 10)[0] < 0.8
    assert wilson(0, 0) == (0.0, 1.0)


def _record(result: str) -> GameRecord:
    return GameRecord(
        seed=0, a_seats=(0,), ranking=(1, 2), winners=(0,), scores=(5, 3), outcome=result
    )


def test_score_rate_counts_a_tie_as_half() -> None:
    outcomes = ["win"] * 6 + ["tie"] * 2 + ["loss"] * 2
    result = StrengthResult(GAME, 2, "a", "b", 0, records=[_record(o) for o in outcomes])
    assert (result.games, result.wins, result.ties, result.losses) == (10, 6, 2, 2)
    assert result.score_rate == pytest.approx(0.7)
    assert result.interval == wilson(7, 10)
    assert strength.wdl_text(result) == "6/2/2"
    assert strength.rate_text(result).startswith("70.0% [")


def test_outcome_is_who_won() -> None:
    assert outcome([0], a_seats=(0,)) == "win"
    assert outcome([0, 1], a_seats=(1,)) == "tie"  # a shared win
    assert outcome([1], a_seats=(0,)) == "loss"
    assert outcome([1], a_seats=(0, 2)) == "loss"
    assert outcome([2], a_seats=(0, 2)) == "win"  # one of A's seats won
    assert outcome([0, 2], a_seats=(0, 2)) == "win"  # two of A's seats shared the win
    assert outcome([1, 3], a_seats=(1, 3)) == "win"
    assert outcome([], a_seats=(0,)) == "loss"  # everyone lost: a loss for A (and B)


# -- seats -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_bot_plays_each_seat_equally(players: int) -> None:
    plays = Counter(
        (seat, seat in a_seats(players, index)) for index in range(4) for seat in range(players)
    )
    assert set(plays.values()) == {2}
    assert len(plays) == 2 * players


def test_a_match_rotates_seats_and_mean_scores_follow_them() -> None:
    result = match(GAME, "greedy", "random", 4, seed=3)
    assert [r.a_seats for r in result.records] == [(0,), (1,), (0,), (1,)]
    assert [r.seed for r in result.records] == [3, 4, 5, 6]
    a_totals = [r.scores[r.a_seats[0]] for r in result.records]
    assert result.mean_score_a == pytest.approx(sum(a_totals) / 4)
    assert result.wins + result.ties + result.losses == result.games == 4


def test_a_match_records_the_game_s_goals_and_gives_each_bot_s_share() -> None:
    result = match(GAME, "greedy", "random", 4, seed=3)
    for r in result.records:
        assert set(r.goals) == {"complete house"} and len(r.goals["complete house"]) == 2
    complete = [r.goals["complete house"][s] for r in result.records for s in r.seats_of(True)]
    assert result.goal_means(a=True) == {"complete house": pytest.approx(sum(complete) / 4)}
    assert result.goal_is_share("complete house")
    assert strength.goal_names([result]) == ["complete house"]
    totals = [r.scores[s] for r in result.records for s in r.seats_of(False)]
    mean = sum(totals) / 4
    spread = (sum((t - mean) ** 2 for t in totals) / 4) ** 0.5
    assert result.score_spread(a=False) == pytest.approx(spread)


def test_a_goal_is_a_share_where_the_game_says_it_is_a_yes_or_no() -> None:
    """A count that happened to be 0 or 1 in every game (a sheet's extensions over a few
    greedy games) is still a count: the game declares its yes-or-no goals."""
    result = match("welcome-to", "random", "random", 2, seed=0)
    assert result.goal_is_share("third refusal") and result.goal_is_share("full sheet")
    assert not result.goal_is_share("extensions") and not result.goal_is_share("plans claimed")
    assert hb.game("mr-house-advanced").yes_no_goals == {"complete house"}


def test_goal_text_is_a_share_for_a_yes_or_no_and_a_mean_otherwise() -> None:
    def record(values: tuple[float, ...]) -> GameRecord:
        return GameRecord(
            0, (0,), (1, 2), (0,), (5, 3), "win", {"complete house": values, "g": values}
        )

    result = StrengthResult(GAME, 2, "a", "b", 0, [record((1.0, 0.0)), record((0.0, 0.0))])
    assert strength.goal_text(result, "complete house", a=True) == "50%"  # the game's yes or no
    assert strength.goal_text(result, "g", a=True) == "0.5"  # a count, though 0 or 1 here
    result.records.append(record((2.5, 0.0)))
    assert strength.goal_text(result, "g", a=True) == "1.2"
    assert strength.goal_text(result, "other", a=True) == "—"


# -- a whole match ---------------------------------------------------------------------------
def test_a_fixed_seed_gives_the_same_match() -> None:
    first = match(GAME, "ismcts:iterations=20,depth=4", "random", 2, seed=5)
    second = match(GAME, "ismcts:iterations=20,depth=4", "random", 2, seed=5)
    assert first == second  # the timings are not compared
    assert first.speed_a.iterations > 0 and first.speed_a.iterations_per_s
    assert first.speed_b.iterations_per_s is None


def test_games_played_in_worker_processes_give_the_same_match() -> None:
    bots = ("ismcts:iterations=10,depth=2", "greedy")
    alone = match(GAME, *bots, 4, seed=3)
    done: list[int] = []
    shared = match(GAME, *bots, 4, seed=3, jobs=2, progress=done.append)
    assert shared == alone and done == [1, 2, 3, 4]
    assert shared.speed_a.decisions == alone.speed_a.decisions


def test_progress_is_called_after_each_game() -> None:
    done: list[int] = []
    match(GAME, "random", "random", 3, progress=done.append)
    assert done == [1, 2, 3]


class Fussy:
    """Plays randomly, but raises when it sits in seat 1."""

    def __init__(self, seed: int = 0, name: str = "fussy") -> None:
        self.name = name
        self.inner = RandomAgent(seed)

    def choose(self, view: hb.State, player: int) -> hb.Action:
        if player == 1:
            raise RuntimeError("seat 1 is draughty")
        return self.inner.choose(view, player)


def test_a_bot_that_raises_costs_one_game_not_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    info = registry.BotInfo("fussy", Fussy)
    monkeypatch.setitem(registry._BOTS, "fussy", info)
    result = match(GAME, "fussy", "random", 4, seed=10)
    assert [r.seed for r in result.records] == [10, 12]  # fussy in seat 0
    assert [(e.seed, e.bot) for e in result.errors] == [(11, "fussy"), (13, "fussy")]
    assert result.errors[0].lineup == ("random", "fussy")
    assert "RuntimeError: seat 1 is draughty" in result.errors[0].message
    assert result.games == 2


def test_bad_bots_and_player_counts_fail_before_any_game() -> None:
    with pytest.raises(AgentError, match="unknown bot"):
        match(GAME, "random", "nope", 1)
    with pytest.raises(ValueError, match="2 to 4 players"):
        match(GAME, "random", "greedy", 1, players=5)
    with pytest.raises(ValueError, match="at least 1 game"):
        match(GAME, "random", "greedy", 0)


# -- timing ----------------------------------------------------------------------------------
class Searcher:
    """Reports a search only when it has a choice, like ismcts on a forced move."""

    name = "searcher"

    def __init__(self) -> None:
        self.last_iterations, self.last_seconds = 0, 0.0

    def choose(self, view: hb.State, player: int) -> hb.Action:
        legal = view.legal_actions(player)
        if len(legal) > 1:
            self.last_iterations, self.last_seconds = 10, 0.5
        return legal[0]


def test_timed_agent_adds_no_stale_iterations_on_a_forced_move() -> None:
    state = hb.new_game(GAME, 2, seed=1)
    agent = TimedAgent(Searcher())
    forced = 0
    for _ in range(40):
        player = state.acting_players()[0]
        forced += len(state.legal_actions(player)) == 1
        state.apply(player, agent.choose(state.clone(), player))
    searched = 40 - forced
    assert agent.speed.decisions == 40
    assert agent.speed.iterations == 10 * searched
    assert agent.speed.iterations_per_s == pytest.approx(20.0)


def test_speed_of_a_bot_that_does_not_search() -> None:
    speed = Speed()
    speed.add(0.5)
    speed.add(1.5)
    assert speed.seconds_per_move == 1.0
    assert speed.iterations_per_s is None
    assert strength.iterations_text(speed) == "—"


def test_search_speed_times_decisions_at_several_positions() -> None:
    speed = search_speed(GAME, "ismcts:iterations=20", players=4, count=3, seed=2)
    assert speed.decisions == 3
    assert speed.iterations == 60
    assert speed.iterations_per_s is not None and speed.iterations_per_s > 0
