"""Mr House (Adam Kałuża, Granna 2014). Rulebook: shared/rules/mr-house.txt."""

from __future__ import annotations

from ...core import GameSpec, register
from . import heuristic, view
from .actions import ACTION_CLASSES, ACTION_SPACE
from .basic import MrHouseBasicState

BASIC = register(
    GameSpec(
        id="mr-house-basic",
        name="Mr House (basic variant)",
        min_players=2,
        max_players=4,
        rulebook="mr-house.txt",
        _new_game=MrHouseBasicState.new,
        _state_from_json=MrHouseBasicState.from_json,
        actions=ACTION_SPACE,
        action_classes=ACTION_CLASSES,
        heuristic=heuristic.evaluate,
        text_view=view.text,
    )
)
MrHouseBasicState.spec = BASIC

__all__ = ["BASIC", "MrHouseBasicState"]
