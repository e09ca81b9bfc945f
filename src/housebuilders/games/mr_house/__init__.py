"""Mr House (Adam Kałuża, Granna 2014), its basic and advanced variants. The rules, in
our own words and numbered MH-1 to MH-96: rules-reference.md beside this file; the
rulings, options and data sources: docs/games/mr-house.md."""

from __future__ import annotations

from housebuilders.core import GameSpec, register
from housebuilders.games.mr_house.actions import ADVANCED_SPACE, BASIC_SPACE
from housebuilders.games.mr_house.advanced import MrHouseAdvancedState
from housebuilders.games.mr_house.basic import MrHouseBasicState
from housebuilders.games.mr_house.options import ADVANCED_OPTIONS, BASIC_OPTIONS

BASIC = register(
    GameSpec(
        id="mr-house-basic",
        name="Mr House (basic variant)",
        min_players=2,
        max_players=4,
        rulebook="mr-house.txt",
        _new_game=MrHouseBasicState.new,
        _state_from_json=MrHouseBasicState.from_json,
        actions=BASIC_SPACE,
        heuristic=f"{__name__}.heuristic:evaluate",
        heuristic_all=f"{__name__}.heuristic:evaluate_all",
        text_view=f"{__name__}.text:text",
        svg_view=f"{__name__}.svg:svg",
        rules=f"{__name__}:rules-basic.md",
        rules_tables=f"{__name__}.rules_tables:basic",
        numbered_rules=f"{__name__}:rules-reference.md",
        variant="basic",
        features=f"{__name__}.features:BASIC_FEATURES",
        episode_steps=200,
        data=f"{__name__}.content:DATA",
        options=BASIC_OPTIONS,
        # The heuristic already plans the house over the turns left: the search does
        # best scoring each new leaf at once, three times as many iterations (8,700 a
        # second against 2,800 with a greedy step), docs/bots.md.
        search_settings={"depth": 0},
        yes_no_goals=frozenset({"complete house"}),
        reference="the rulebook's scoring example: 19 and 19 points for the complete houses, "
        "16 for the incomplete one",
    )
)
MrHouseBasicState.spec = BASIC

ADVANCED = register(
    GameSpec(
        id="mr-house-advanced",
        name="Mr House (advanced variant)",
        min_players=2,
        max_players=4,
        rulebook="mr-house.txt",
        _new_game=MrHouseAdvancedState.new,
        _state_from_json=MrHouseAdvancedState.from_json,
        actions=ADVANCED_SPACE,
        heuristic=f"{__name__}.heuristic_advanced:evaluate_advanced",
        heuristic_all=f"{__name__}.heuristic_advanced:evaluate_advanced_all",
        heuristic_choice=f"{__name__}.heuristic_advanced:construction_choice",
        heuristic_scale=8.0,  # the complete house's value widens the evaluation's range
        # an incomplete house loses: the search scores a leaf by the chance to win
        win_chances=f"{__name__}.heuristic_advanced:win_chances_advanced",
        text_view=f"{__name__}.text:text",
        svg_view=f"{__name__}.svg:svg",
        rules=f"{__name__}:rules-advanced.md",
        rules_tables=f"{__name__}.rules_tables:advanced",
        numbered_rules=f"{__name__}:rules-reference.md",
        variant="advanced",
        features=f"{__name__}.features:ADVANCED_FEATURES",
        episode_steps=200,
        training_reward="goal",  # the score alone rewards an incomplete house
        training_runs=2,  # a run's result depends on its seed: the better of two (docs/rl.md)
        training_imitate="greedy:samples=1",  # from a policy that builds (docs/rl.md)
        data=f"{__name__}.content:DATA",
        options=ADVANCED_OPTIONS,
        # Some 40 first placements a turn: expanded best first by the heuristic, the
        # tree spends its iterations on the likely ones (docs/bots.md).
        search_settings={"prior": True},
        yes_no_goals=frozenset({"complete house"}),
        reference="the rulebook's scoring example: 16 and 17 points for the complete houses",
    )
)
MrHouseAdvancedState.spec = ADVANCED

__all__ = ["ADVANCED", "BASIC", "MrHouseAdvancedState", "MrHouseBasicState"]
