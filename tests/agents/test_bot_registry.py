"""Bots by name: parsing ``name:key=value,...``, clear errors, making agents."""

from __future__ import annotations

import pytest

from housebuilders import agents
from housebuilders.agents import Agent, AgentError, GreedyAgent, RandomAgent, registry


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
    with pytest.raises(AgentError, match="greedy:samples takes an int, not 'many'"):
        agents.parse("greedy:samples=many")


def test_parameter_without_value_is_an_error() -> None:
    with pytest.raises(AgentError, match="not key=value"):
        agents.parse("greedy:samples")


def test_make_builds_the_named_agent_with_its_parameters() -> None:
    bot = agents.make("greedy:samples=3", seed=1)
    assert isinstance(bot, GreedyAgent)
    assert bot.samples == 3
    assert bot.name == "greedy:samples=3"
    assert isinstance(bot, Agent)
    assert isinstance(agents.make("random"), RandomAgent)


def test_make_refuses_a_bad_parameter_value() -> None:
    with pytest.raises(AgentError, match="samples >= 1"):
        agents.make("greedy:samples=0")


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

    agents.register_bot("cautious", Cautious, {"brave": bool, "c": float})
    bot = agents.make("cautious:brave=yes,c=0.5")
    assert (bot.brave, bot.c) == (True, 0.5)  # type: ignore[attr-defined]
    with pytest.raises(AgentError, match="takes true or false"):
        agents.make("cautious:brave=maybe")
    with pytest.raises(ValueError, match="already registered"):
        agents.register_bot("cautious", Cautious)
    with pytest.raises(ValueError, match="may not"):
        agents.register_bot("a:b", Cautious)
