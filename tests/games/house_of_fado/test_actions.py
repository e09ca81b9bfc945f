"""House of Fado's fixed action space and phases: what the rules fix in its shape
(HF-23, HF-27, HF-33, HF-35, HF-52, HF-53, HF-55, HF-63, HF-65, HF-90, HF-134)."""

from __future__ import annotations

import pytest

from housebuilders.core import Action
from housebuilders.games.house_of_fado import actions as a, phases
from housebuilders.games.house_of_fado.content import DATA

CONTENT = DATA.load()


def test_the_space_holds_each_action_once_and_every_action_round_trips_json() -> None:
    assert len(set(a.SPACE)) == len(a.SPACE)
    classes = {type(x).kind: type(x) for x in a.SPACE}
    for action in a.SPACE:
        assert isinstance(action, Action)
        data = action.to_json()
        assert classes[data["kind"]](**{k: v for k, v in data.items() if k != "kind"}) == action
        assert str(action) != repr(action)  # a sentence of its own


@pytest.mark.rule("HF-23")
def test_hf_23_workers_go_only_to_action_spaces() -> None:
    targets = {x.space for x in a.SPACE if isinstance(x, a.Place | a.Move)}
    assert targets == set(range(a.ACTION_SPACES))


@pytest.mark.rule("HF-27")
def test_hf_27_no_move_stays_at_the_location_it_leaves() -> None:
    for move in a.MOVES.values():
        assert a.location_of(move.origin) != a.location_of(move.space)
    # the Street's kick-out spaces and action spaces are one location
    assert a.Move(a.kickout(a.STREET, 0), 2) not in a.SPACE
    assert a.Move(a.kickout(a.STREET, 0), 4) in a.SPACE


@pytest.mark.rule("HF-26", "HF-33")
def test_hf_33_a_worker_on_a_kick_out_space_can_be_moved_anywhere_else() -> None:
    origins = {m.origin for m in a.MOVES.values()}
    assert set(range(a.ACTION_SPACES, a.SPACES)) <= origins


@pytest.mark.rule("HF-35")
def test_hf_35_every_board_location_has_three_kick_out_spaces_of_its_own() -> None:
    for location in range(a.BOARD_LOCATIONS):
        spaces = [a.kickout(location, slot) for slot in range(3)]
        assert {a.location_of(s) for s in spaces} == {location}
    assert a.SPACES == 8 + 12
    # the data's locations: 2 market, 2 street, 1 rehearsal and 2 billboard spaces
    lengths = [len(getattr(CONTENT, n).between)
               for n in ("market", "street", "rehearsal", "billboard_location")]  # fmt: skip
    assert lengths == [a.LOCATION_OF.count(loc) for loc in range(a.BOARD_LOCATIONS)]


@pytest.mark.rule("HF-52", "HF-53", "HF-55")
def test_hf_52_hf_53_hf_55_street_actions_take_one_group_to_one_table() -> None:
    sizes = {sum((s.gray, s.black, s.brown)) for s in a.SEATS.values()}
    assert sizes == {1, 2, 3, 4}  # up to 4, from one group, to one table
    assert all(not isinstance(x, a.Seat) or 0 <= x.group < 3 for x in a.SPACE)
    assert set(a.CRITICS) == {(g, t) for g in range(3) for t in range(3)}


@pytest.mark.rule("HF-65")
def test_hf_63_hf_65_only_the_four_display_tiles_can_be_scored() -> None:
    assert [s.slot for s in a.SCORES] == [0, 1, 2, 3]


@pytest.mark.rule("HF-50", "HF-90")
def test_hf_90_every_fame_step_of_the_data_can_be_paid_in_one_action() -> None:
    for need in CONTENT.fame.customers:
        for colour in range(3):
            counts = [0, 0, 0]
            counts[colour] = need
            assert (0, *counts, 0) in a.RAISES
    assert (1, 1, 0, 0, 2) in a.RAISES  # HF-50: Vital's two extra customers


@pytest.mark.rule("HF-134")
def test_hf_134_an_assistant_comes_from_the_supply_or_any_board_space() -> None:
    sources = {x.source for x in a.LEAVES}
    assert a.FROM_SUPPLY in sources and a.RESTAURANT_SPACE not in sources
    assert len(sources) == a.SPACES


def test_sentences_use_the_rulebooks_words() -> None:
    assert str(a.Place(a.RESTAURANT_SPACE)) == "place a worker on the restaurant"
    assert str(a.Seat(0, 1, 2, 0, 1)) == (
        "bring 2 gray and 1 brown customers of the left group to the 3-seat table"
    )
    assert str(a.Move(a.kickout(a.BILLBOARD, 2), 0)) == (
        "move a worker from the Billboard, kick-out space 3 to the Musician Market, action space 1"
    )


def test_move_texts_read_well_after_a_seat_name_in_a_replay() -> None:
    """A replay shows "Ada (seat 2), <the move's text>": no move says "your"."""
    assert str(a.KickTo(a.kickout(a.STREET, 0))) == (
        "put the kicked piece on the Street, kick-out space 1"
    )
    for action in a.SPACE:
        assert "your" not in str(action).split(), action


def test_every_phase_names_its_rulebook_section() -> None:
    names = [v for k, v in vars(phases).items() if k.isupper() and isinstance(v, str)
             and k not in ("CLOSE",)]  # fmt: skip
    assert set(names) == set(phases.SECTIONS)
    headings = {"Gameplay", "Kick out spaces", "Restaurant Board", "End of the Game"}
    headings |= {f"Location #{n + 1}: {name}" for n, name in enumerate(a.LOCATIONS[:4])}
    assert set(phases.SECTIONS.values()) <= headings
