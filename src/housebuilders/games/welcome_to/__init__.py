"""Welcome To Your Perfect Home (Benoit Turpin, Blue Cocker 2018). Everyone plays each
round at once. The rules, in our own words and numbered WT-1 to WT-27: rules-reference.md
beside this file; the rulings, options and data sources: docs/games/welcome-to.md."""

from __future__ import annotations

from housebuilders.core import GameSpec, Option, register
from housebuilders.games.welcome_to.actions import SPACE
from housebuilders.games.welcome_to.state import DECKS, WelcomeToState

WELCOME_TO = register(
    GameSpec(
        id="welcome-to",
        name="Welcome To Your Perfect Home",
        min_players=1,
        max_players=100,
        rulebook="welcome-to.txt",
        _new_game=WelcomeToState.new,
        _state_from_json=WelcomeToState.from_json,
        actions=SPACE,
        text_view=f"{__name__}.text:text",
        svg_view=f"{__name__}.svg:svg",
        rules=f"{__name__}:rules.md",
        rules_tables=f"{__name__}.rules_tables:tables",
        numbered_rules=f"{__name__}:rules-reference.md",
        features=f"{__name__}.features:FEATURES",
        episode_steps=200,
        # the heuristic's worth paid as it changes: a solo sheet trained on it scored
        # 58.1 after 30 minutes, on its final score alone 35.1 (docs/rl.md)
        training_reward="goal",
        data=f"{__name__}.content:DATA",
        heuristic=f"{__name__}.heuristic:evaluate",
        heuristic_all=f"{__name__}.heuristic:evaluate_all",
        heuristic_scale=8.0,
        rollout_policy=f"{__name__}.policy:rollout_policy",
        # the search that beats greedy here (docs/bots.md): greedy's three best moves,
        # compared on the same cards, each judged on the next round's cards after the
        # round is played out along greedy's line
        search_settings={
            "prior": True,
            "width": 3,
            "paired": True,
            "reveals": 1,
            "depth": -1,
            "rollout": "policy",
            "widen": 0.01,
        },
        yes_no_goals=frozenset({"third refusal", "full sheet"}),
        options=(
            Option(
                "deck",
                DECKS[0],
                DECKS,
                "construction deck: the rulebook's 63 cards (proposed distribution) or "
                "the standard edition's 81",
            ),
            Option(
                "track-limits",
                False,
                (False, True),
                "whether a full track stops its action: no, a temporary worker still changes "
                "the number and an extension still copies one, the sheet recording and "
                "scoring nothing more (the rulebook sets no limit); yes, with all 11 worker "
                "boxes crossed a pair plays as drawn, and no extension once its penalty "
                "track is full",
            ),
            Option(
                "long-estates",
                False,
                (False, True),
                "the tie-break's complete estates: of 1 to 6 houses, as the sheet prints "
                "them; or fenced, fully numbered stretches of 7 or more houses too (they "
                "score nothing)",
            ),
        ),
    )
)
WelcomeToState.spec = WELCOME_TO

__all__ = ["WELCOME_TO", "WelcomeToState"]
