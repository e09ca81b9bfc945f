"""Master Builder in the terminal (games/master_builder/text.py): the round and the
trowel, the mallet, the decks' face-up cards, the contracts on offer and the auction,
the economic card and the events, every seat's cash, loans, wages, workers and
contracts, the town and the final scores, from the observation alone."""

from __future__ import annotations

import random
import re

import pytest

import housebuilders as hb
from housebuilders.core import State
from housebuilders.games.master_builder.actions import RENT_PRICES, OfferRent, RentOut, money
from housebuilders.games.master_builder.text import (
    contract_title,
    offer_label,
    text,
    worker_label,
)

SPEC = hb.game("master-builder")
A = 3  # the apprentice deck


def played(players: int, seed: int, until: str, **options: bool) -> State:
    """A random game at its first position in phase ``until``."""
    state = SPEC.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    while state.phase != until and not state.is_terminal():
        seat = state.acting_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_round_trowel_mallet_decks_and_contracts_on_offer_show() -> None:
    obs = played(3, 1, "open").observe(0)
    shown = text(obs)
    assert shown.startswith(f"Master Builder, round {obs['round']} of 6: ")
    assert "> [Acquire Contracts] >" in shown
    assert f"first player (mallet) Player {obs['first']}" in shown
    for deck in obs["decks"]:
        assert f"({deck['size']} cards): top {worker_label(obs, deck['top'])}" in shown
    assert all(offer_label(obs, c) in shown for c in obs["display"])


def test_the_auction_shows_its_contract_high_bid_bidder_and_who_is_out() -> None:
    state = played(4, 2, "bid")
    obs = state.observe(None)
    shown = text(obs)
    assert f"Auction: contract {contract_title(obs, obs['auction'])}" in shown
    assert f"high bid {money(obs['high'])} by Player {obs['bidder']}" in shown


def test_every_seat_shows_its_cash_loans_wages_workers_and_contracts() -> None:
    state = played(4, 3, "repay")
    obs = state.observe(2)
    shown = text(obs)
    assert "Player 2 (you)" in shown
    for seat, p in enumerate(obs["players"]):
        assert f"Player {seat}" in shown
        assert f"cash {money(p['cash'])}, wage total {money(p['wage'])}" in shown
        assert all(worker_label(obs, w) in shown for w in p["workers"])
        assert all(f"contract {contract_title(obs, c)}: " in shown for c in p["contracts"])
    assert any(" IOU" in line for line in shown.splitlines())
    assert text(state.observe(None)).count("(you)") == 0  # a spectator is nobody


def test_only_the_own_plan_shows_while_plans_are_hidden() -> None:
    state = played(3, 4, "plan")
    for seat in range(3):
        staffs = [a for a in state.legal_actions(seat) if a.kind == "staff-section"]
        if staffs:
            state.apply(seat, staffs[0])
    for seat in range(3):
        shown = text(state.observe(seat))
        assert shown.count(" planned with ") == len(state.plans[seat])
        assert shown.count("  planning (hidden)") == 2


def test_the_end_shows_every_seats_final_worth() -> None:
    state = played(2, 5, "over")
    shown = text(state.observe(0))
    assert "The game is over" in shown and "Final: " in shown
    for p in state.observe(0)["players"]:
        assert f"cash {money(p['score']['breakdown']['cash'])}" in shown


@pytest.mark.rule("MB-67")
def test_mb_67_the_events_carried_out_show_by_their_names() -> None:
    """"The first player reveals the top card of the event deck and reads its text": both
    views name the events seen (from the content), never "event card N"."""
    state = played(2, 5, "plan")
    obs = state.observe(0)
    assert obs["events_seen"], "an event was revealed before the plans"
    names = [obs["events"][e]["name"] for e in obs["events_seen"]]
    shown = text(obs)
    assert all(name in shown for name in names) and not re.search(r"event card \d", shown)
    assert all(name in SPEC.svg_view(obs, state.legal_json(0)) for name in names)


@pytest.mark.rule("MB-118")
@pytest.mark.parametrize("players", [3, 4])
def test_mb_118_a_rent_offer_names_the_seat_the_board_shows(players: int) -> None:
    """One numbering everywhere, the board's (seats from 0): the offer to seat 1 says
    "player 1", which the board labels "Player 1" and the web page renames as seat 1's
    person; and the board says "offers an apprentice"."""
    for only in (False, True):
        options = {"renting-workers": True, "rent-offers-only": only}
        state = SPEC.new_game(players, seed=1, options=options)
        state.workers[0].append(state.decks[A].pop())
        state.wage[0] += state.content.skills[A].wage
        state.round, state.phase, state.turn = 2, "rent", 0
        offers = [a for a in state.legal_actions(0) if isinstance(a, OfferRent | RentOut)]
        assert {a.player for a in offers} == set(range(1, players))
        board = text(state.observe(0))
        for offer in offers:
            (seat,) = map(int, re.findall(r"\bplayer (\d+)\b", state.describe(offer)))
            assert seat == offer.player and f"Player {seat}: cash" in board
        state.apply(0, next(a for a in offers if a.player == players - 1))
        if not only:
            state.apply(0, RENT_PRICES[3])
        obs = state.observe(None)
        line = f"Rent offer: Player 0 offers an apprentice to Player {players - 1} for"
        assert line in text(obs) and line in SPEC.svg_view(obs, [])


def test_every_action_sentence_names_the_content_not_a_bare_card_number() -> None:
    """Every action sentence comes from the content's names: an event card by its name
    ("play Downpour for this round", never "play event card 10"), a worker by its type,
    quirks and wage, a contract by its number with its name."""
    options = {"choosing-workers": True, "selective-events": True,
               "additional-events": True, "renting-workers": True}  # fmt: skip
    kinds = set()
    for players in (2, 3, 4):
        state = SPEC.new_game(players, seed=players, options=options)
        rng = random.Random(players)
        while not state.is_terminal():
            seat = state.acting_players()[0]
            legal = state.legal_actions(seat)
            for action in legal:
                words = state.describe(action)
                kinds.add(action.kind)
                assert not re.search(r"\bcard \d", words), words
                for found in re.finditer(r"\bcontract (\d+)", words):
                    name = state.content.contracts[int(found[1]) - 1].name
                    assert words[found.end() :].startswith(f", {name}"), words
            state.apply(seat, rng.choice(legal))
    assert {"play-event", "staff-section", "unstaff-section", "put-up-contract"} <= kinds
