"""Bots by name: parsing ``name:key=value,...``, clear errors, making agents."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from housebuilders import agents
from housebuilders.agents import Agent, AgentError, GreedyAgent, Param, RandomAgent, registry


def test_the_built_in_bots_are_registered() -> None:
    assert {"random", "greedy"} <= set(agents.bot_names())


def test_parse_a_bare_name() -> None:
    assert agents.parse("random") == ("random", {})


def test_parse_typed_parameters() -> None:
    assert agents.parse("greedy:samples=4") == ("greedy", {"samples": 4})
    assert agents.parse(" greedy: samples = 4 ") == ("greedy", {"samples": 4})


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(AgentError, match=r"unknown bot 'nope' \(bots: random, greedy"):
        agents.parse("nope")


def test_unknown_parameter_names_the_known_ones() -> None:
    with pytest.raises(AgentError, match=r"no parameter 'depth' \(parameters: samples\)"):
        agents.parse("greedy:depth=3")


def test_bad_parameter_value_says_what_is_expected() -> None:
    with pytest.raises(AgentError, match="greedy:samples takes an int from 1 to 1000, not 'many'"):
        agents.parse("greedy:samples=many")


def test_parameter_without_value_is_an_error() -> None:
    with pytest.raises(AgentError, match="not key=value"):
        agents.parse("greedy:samples")


def test_a_colon_with_nothing_after_it_is_the_bot_under_another_name() -> None:
    assert agents.parse("random:") == ("random", {})


@pytest.mark.parametrize("name", ["greedy:samples=4,", "greedy:,samples=4", "greedy:samples=4,,"])
def test_an_empty_parameter_is_an_error(name: str) -> None:
    with pytest.raises(AgentError, match="an empty bot parameter"):
        agents.parse(name)


def test_a_parameter_given_twice_is_an_error() -> None:
    with pytest.raises(AgentError, match="'seconds' is given twice"):
        agents.parse("ismcts:seconds=1,seconds=2")


def test_parameters_without_the_colon_are_read_as_the_bots() -> None:
    """``random,c=1`` (as a list of bots splits it) is random with a parameter c."""
    with pytest.raises(AgentError, match=r"bot 'random' has no parameter 'c' \(parameters: none\)"):
        agents.parse("random,c=1")
    assert agents.parse("greedy,samples=2") == ("greedy", {"samples": 2})


def test_make_builds_the_named_agent_with_its_parameters() -> None:
    bot = agents.make("greedy:samples=3", seed=1)
    assert isinstance(bot, GreedyAgent)
    assert bot.samples == 3
    assert bot.name == "greedy:samples=3"
    assert isinstance(bot, Agent)
    assert isinstance(agents.make("random"), RandomAgent)


def test_make_refuses_a_bad_parameter_value() -> None:
    with pytest.raises(AgentError, match="greedy:samples takes an int from 1 to 1000, not '0'"):
        agents.make("greedy:samples=0")
    with pytest.raises(AgentError, match="ismcts:rollout takes random, greedy or policy"):
        agents.make("ismcts:rollout=smart")


def test_split_bots_keeps_parameters_with_their_bot() -> None:
    assert agents.split_bots("random, ismcts:iterations=2000,c=1.4 ,greedy") == [
        "random",
        "ismcts:iterations=2000,c=1.4",
        "greedy",
    ]
    with pytest.raises(AgentError, match="no bot named"):
        agents.split_bots(" , ")


def test_registering_a_bot_with_typed_parameters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))

    class Cautious(RandomAgent):
        def __init__(self, seed: int = 0, name: str = "", brave: bool = False, c: float = 1.0):
            super().__init__(seed, name)
            self.brave, self.c = brave, c

    agents.register_bot("cautious", Cautious, {"brave": bool, "c": Param(float, 0, 2)})
    bot = agents.make("cautious:brave=yes,c=0.5")
    assert (bot.brave, bot.c) == (True, 0.5)  # type: ignore[attr-defined]
    with pytest.raises(AgentError, match="takes true or false"):
        agents.make("cautious:brave=maybe")
    with pytest.raises(AgentError, match="cautious:c takes a float from 0 to 2, not '3'"):
        agents.make("cautious:c=3")
    with pytest.raises(ValueError, match="already registered"):
        agents.register_bot("cautious", Cautious)
    with pytest.raises(ValueError, match="may not"):
        agents.register_bot("a:b", Cautious)


def test_a_number_parameter_must_be_registered_with_finite_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_BOTS", dict(registry._BOTS))
    with pytest.raises(ValueError, match="'c' needs its bounds: Param\\(float, low, high\\)"):
        agents.register_bot("unbounded", RandomAgent, {"c": float})
    with pytest.raises(ValueError, match="needs bounds"):
        Param(int, 0)
    with pytest.raises(ValueError, match="bad bounds"):
        Param(float, 0, math.inf)
    assert "unbounded" not in agents.bot_names()


NUMBERS = [
    (bot, key, param)
    for bot in agents.bot_names()
    for key, param in agents.bot_info(bot).params.items()
    if param.numeric
]


@pytest.mark.parametrize(("bot", "key", "param"), NUMBERS, ids=[f"{b}:{k}" for b, k, _ in NUMBERS])
def test_every_number_parameter_refuses_non_finite_and_out_of_range_values(
    bot: str, key: str, param: Param
) -> None:
    assert param.low is not None and param.high is not None
    for value in ("nan", "inf", "-inf", "1e400", str(param.low - 1), str(param.high + 1), "1e12"):
        with pytest.raises(AgentError, match=f"{bot}:{key} takes an? .* from {param.range}"):
            agents.parse(f"{bot}:{key}={value}")
    for value in (param.low, param.high):
        assert agents.parse(f"{bot}:{key}={value}") == (bot, {key: value})


def test_the_bots_may_be_made_at_their_bounds(policy_file: Path) -> None:
    """Every parameter at its low end, then at its high end, makes a bot (the
    bounds say what the bots really accept); a bot that needs a file is given one."""
    needs = {"learned": [f"policy={policy_file}"]}
    for bot in agents.bot_names():
        params = agents.bot_info(bot).params
        for end in ("low", "high"):
            settings = ",".join(
                [f"{key}={getattr(p, end)}" for key, p in params.items() if p.numeric]
                + needs.get(bot, [])
            )
            agents.make(f"{bot}:{settings}" if settings else bot)


def test_the_ismcts_agent_refuses_non_finite_settings_made_directly() -> None:
    with pytest.raises(AgentError, match="finite seconds"):
        agents.ISMCTSAgent(seconds=math.nan)
    with pytest.raises(AgentError, match="finite c"):
        agents.ISMCTSAgent(c=math.inf)
