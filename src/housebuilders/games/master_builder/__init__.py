"""Master Builder (Wolfgang Kramer and Hartmut Witt, Valley Games 2008): hire workers with
quirks, bid for contracts, weather the events and build the town."""

from __future__ import annotations

from housebuilders.core import GameSpec, Option, ScoreUnit, register
from housebuilders.games.master_builder.actions import SPACE
from housebuilders.games.master_builder.base import LATE
from housebuilders.games.master_builder.state import MasterBuilderState

MASTER_BUILDER = register(GameSpec(
    id="master-builder",
    name="Master Builder",
    min_players=2,
    max_players=4,
    rulebook="master-builder.txt",
    _new_game=MasterBuilderState.new,
    _state_from_json=MasterBuilderState.from_json,
    actions=SPACE,
    state_format=2,  # 2: the rulings' options (issue 43), the fields asks and fired
    options=(
        Option("choosing-workers", False, (False, True), "a hire may pay $1,000 to look into "
               "a worker deck and choose any of its cards"),
        Option("selective-events", False, (False, True), "each player holds 2 event cards; "
               "the first player plays one of theirs for the round"),
        Option("additional-events", False, (False, True), "two event cards are revealed "
               "each round, and both are carried out"),
        Option("renting-workers", False, (False, True), "at the start of construction, "
               "players may rent their workers to others at an agreed price"),
        # the rulings that read the rulebook one way, the other reading an option (Q17...)
        Option("three-go-rounds", False, (False, True), "hiring and firing has three "
               "go-rounds at most (the rulebook names no count: it ends once every player "
               "has passed in a row)"),
        Option("removed-contracts-end-early", False, (False, True), "the game also ends early "
               "when the last contracts left were removed unwanted (the rulebook: only once "
               "all have been acquired by players)"),
        Option("must-hire-after-look", False, (False, True), "choosing workers: a player "
               "who paid to look into a deck must hire from it (the rulebook: pay to look "
               "and choose)"),
        Option("repay-when-asked", False, (False, True), "a loan is repaid only when its "
               "player is asked to act, not also at once with money that came unasked (a "
               "contract's bonus, an event's gain); the rulebook: \"at any time\""),
        Option("rent-offers-only", False, (False, True), "renting workers: the owner offers "
               "a price up to $20,000 that the other accepts or declines, with no "
               "counter-offer, and a player who declines is offered nothing more that turn "
               "(the rulebook: \"decided by negotiation\")"),
        Option("late-repayment", "deck-exhausted", LATE, "when loans cost their late amount: "
               "once the face-down contract deck is exhausted, or once no contract remains "
               "in play (the deck and the contracts on offer both empty); the rulebook says "
               "both"),
    ),
    heuristic=f"{__name__}.heuristic:evaluate",
    heuristic_all=f"{__name__}.heuristic:evaluate_all",
    heuristic_scale=10.0,  # thousands of dollars: a clear lead is a section or two
    # a sure win still plays for money: without it the search ended $15,300 in debt
    # against random on average, with it $14,300 ahead (docs/bots.md)
    search_settings={"margin": 0.2},
    text_view=f"{__name__}.text:text",
    svg_view=f"{__name__}.svg:svg",
    rules=f"{__name__}:rules.md",
    rules_tables=f"{__name__}.rules_tables:tables",
    numbered_rules=f"{__name__}:rules-reference.md",
    features=f"{__name__}.features:FEATURES",
    episode_steps=2000,
    data=f"{__name__}.content:DATA",
    # the scores are money, in thousands of dollars as the state keeps it: -36 is
    # "-$36,000", as the board writes it (actions.money)
    score_unit=ScoreUnit(one="dollar", many="dollars", prefix="$", factor=1000),
    # the rulebook has no scoring example: the money is read against the start
    reference="every builder starts with $40,000 and no IOU (MB-16); the score is the "
    "money at the end, unfinished buildings valued, less what the IOUs owed would cost "
    "(MB-111, MB-112)",
))  # fmt: skip
MasterBuilderState.spec = MASTER_BUILDER
