"""Master Builder's saved state: the round trip at every player count and with the
options, and each consistency check of checks.py refusing a corrupted state with a
StateError naming the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import housebuilders as hb
from housebuilders.games.master_builder.content import workers
from housebuilders.games.master_builder.phases import PLAN
from housebuilders.games.master_builder.state import OPTIONS, MasterBuilderState
from tests.games.master_builder.positions import drive, new

GAME = hb.game("master-builder")
Data = dict[str, Any]


def round_trip(s: MasterBuilderState) -> None:
    data = s.to_json()
    back = GAME.state_from_json(data)
    assert back.to_json() == data
    for p in s.acting_players():
        assert back.legal_actions(p) == s.legal_actions(p)
    assert back.observe(None) == s.observe(None)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", [(), *((o,) for o in OPTIONS), OPTIONS])
def test_a_saved_game_loads_back_the_same_all_game_long(
    players: int, options: tuple[str, ...]
) -> None:
    s = new(players, **dict.fromkeys(options, True))
    step = 0
    while not s.is_terminal():
        if step % 25 == 0:
            round_trip(s)
        player = s.acting_players()[0]
        s.apply(player, s.legal_actions(player)[-1 if step % 3 else 0])
        step += 1
    round_trip(s)


def in_plans() -> Data:
    """A saved state in round 2's plans: workers hired, contracts owned."""
    s = drive(new(2), lambda s: s.phase == PLAN and s.round == 2)
    assert all(s.workers) and any(s.contracts)
    return s.to_json()


def swap_decks(d: Data) -> None:
    d["decks"][0][0], d["decks"][1][0] = d["decks"][1][0], d["decks"][0][0]


def lose_a_worker(d: Data) -> None:
    d["decks"][3].pop()


def hire_twice(d: Data) -> None:
    d["workers"][0].append(d["decks"][3][0])


def display_twice(d: Data) -> None:
    d["display"].append(d["contract_deck"][0])


def event_held_twice(d: Data) -> None:
    d["hands"][0].append(d["event_deck"][0])


def economy_twice(d: Data) -> None:
    d["boxed_economy"].append(d["economy"][0])


def not_on_display(d: Data) -> None:
    d["carried"] = [d["contract_deck"][0]]


def auction_elsewhere(d: Data) -> None:
    d["auction"] = d["contract_deck"][0]


def rent_anothers(d: Data) -> None:
    d["rented_out"][0] = [d["workers"][1][0]]


def down_unhired(d: Data) -> None:
    d["down"] = [d["decks"][0][0]]


def worse_cash(d: Data) -> None:
    d["cash"][1] = -1


def many_ious(d: Data) -> None:
    d["ious"][0] = [19, 0]


def bonus_uncarried(d: Data) -> None:
    d["bonus"][d["contract_deck"][0]] = 5


def built_in_the_deck(d: Data) -> None:
    d["built"][d["contract_deck"][0]][0] = 1


def setter(field: str, value: Callable[[Data], Any]) -> Callable[[Data], None]:
    def corrupt(d: Data) -> None:
        d[field] = value(d)

    return corrupt


CORRUPTIONS = [
    ("first", setter("first", lambda d: 3)),
    ("turn", setter("turn", lambda d: 2)),
    ("round", setter("round", lambda d: 7)),
    ("last_round", setter("last_round", lambda d: 7)),
    ("plan_from", setter("plan_from", lambda d: len(d["history"]) + 1)),
    ("go_round", setter("go_round", lambda d: 50)),
    ("looking", setter("looking", lambda d: 2)),
    ("wage", setter("wage", lambda d: [*d["wage"], 0])),
    ("workers", setter("workers", lambda d: d["workers"][:1])),
    ("decks", setter("decks", lambda d: d["decks"][:3])),
    ("decks", swap_decks),
    ("workers", hire_twice),
    ("decks, workers", lose_a_worker),
    ("seen_workers", setter("seen_workers", lambda d: d["seen_workers"][:-1])),
    ("wage", setter("wage", lambda d: [d["wage"][0] + 1, d["wage"][1]])),
    ("ious", setter("ious", lambda d: [[0, 0, 0], [0, 0]])),
    ("rented_out", rent_anothers),
    ("display", display_twice),
    ("carried", not_on_display),
    ("auction", auction_elsewhere),
    ("bonus", setter("bonus", lambda d: d["bonus"][:-1])),
    ("built", setter("built", lambda d: [row[:5] for row in d["built"]])),
    ("built", setter("built", lambda d: d["built"][:-1])),
    ("bidder", setter("bidder", lambda d: 3)),
    ("offered", setter("offered", lambda d: [3])),
    ("offer", setter("offer", lambda d: [0, 1, 3, 0])),
    ("offer", setter("offer", lambda d: [0, 9, 1, 0])),
    ("boxed_economy", economy_twice),
    ("hands", event_held_twice),
    ("down", down_unhired),
    ("event", setter("event", lambda d: 99)),
    ("plans", setter("plans", lambda d: [[99_999], []])),
    ("offer", setter("offer", lambda d: [0, 1, 1])),
    ("cash", setter("cash", lambda d: [40] * 5)),
    ("phase", setter("phase", lambda d: "auction")),
    ("cash", worse_cash),
    ("ious", many_ious),
    ("bonus", bonus_uncarried),
    ("built", built_in_the_deck),
    ("high", setter("high", lambda d: 7)),
]


@pytest.mark.parametrize(("field", "corrupt"), CORRUPTIONS, ids=[f for f, _ in CORRUPTIONS])
def test_a_corrupted_state_is_refused_naming_the_field(
    field: str, corrupt: Callable[[Data], None]
) -> None:
    data = in_plans()
    GAME.state_from_json(data)
    corrupt(data)
    with pytest.raises(hb.StateError, match=field):
        GAME.state_from_json(data)


def test_mb_36_a_wage_of_35_is_refused_even_when_the_workers_add_up_to_it() -> None:
    """"The wage track ends at 30, as that is the maximum a player can pay in wages": a
    saved state whose seat holds workers worth 35, its marker on 35, is refused naming the
    field."""
    data = in_plans()
    cards = workers(GAME.data.load(None))
    while data["wage"][0] < 35:
        worker = next(w for deck in data["decks"] for w in deck[1:]
                      if data["wage"][0] + cards[w].wage <= 35)  # fmt: skip
        for deck in data["decks"]:
            if worker in deck:
                deck.remove(worker)
        data["workers"][0].append(worker)
        data["wage"][0] += cards[worker].wage
    assert data["wage"][0] == 35
    with pytest.raises(hb.StateError, match=r"^wage: player 0's wage marker is 35, off the "
                       r"wage track \(0 to 30\)$"):  # fmt: skip
        GAME.state_from_json(data)
