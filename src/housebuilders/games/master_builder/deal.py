"""Master Builder's setup (rulebook "Setup"; MB-10 to MB-19): a new game dealt, its
layout as the lists the state will hold. Workers, contracts, events and economic cards are ids
(content.py); every deck lists its top card first. Money is in thousands."""

from __future__ import annotations

from dataclasses import dataclass

from housebuilders.core import Rng
from housebuilders.games.master_builder.content import (
    LOANS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SECTIONS,
    SKILLS,
    MasterBuilderContent,
    workers,
)

FIRST_PLAYER = 0  # Q20: a table has no ages; seat 0 is the youngest (MB-17)


@dataclass
class Layout:
    """Everything a new game sets out. Per seat: ``cash``, ``wage`` (the wage marker),
    ``workers`` (card ids, in hiring order), ``contracts`` (contract ids owned, unfinished),
    ``ious`` (a count per loan type) and ``hands`` (event cards held, selective events)."""

    first: int
    decks: list[list[int]]  # by skill: worker ids, the face-up top card first (MB-12)
    contract_deck: list[int]  # face down (MB-14)
    removed: list[int]  # 2 players: returned to the box unseen (MB-14)
    economy: list[int]  # the five economic cards, face down (MB-15)
    boxed_economy: list[int]  # the others, never used (MB-15)
    event_deck: list[int]  # face down (MB-13)
    display: list[int]  # contracts on offer: none until Phase 2 reveals them (MB-40)
    bonus: list[int]  # by contract id: money placed on it when unwanted (MB-64)
    built: list[list[bool]]  # by contract id, then section
    town: list[int]  # completed contracts (MB-97)
    cash: list[int]
    wage: list[int]
    workers: list[list[int]]
    contracts: list[list[int]]
    ious: list[list[int]]
    hands: list[list[int]]


def check_players(players: int) -> None:
    """Refuse a player count the rulebook does not set up (MB-10)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Master Builder is set up for 2 to 4 players, not {players}")


def setup(
    content: MasterBuilderContent, players: int, rng: Rng, *, selective_events: bool = False
) -> Layout:
    check_players(players)
    cards = workers(content)
    decks = [[w for w, card in enumerate(cards) if card.skill == s] for s in range(SKILLS)]
    for deck in decks:  # step 4: one deck per profession, shuffled, face up
        rng.shuffle(deck)
    events = list(range(len(content.events)))  # step 5
    rng.shuffle(events)
    contracts = list(range(len(content.contracts)))  # step 6
    rng.shuffle(contracts)
    cut = content.two_player_removed if players == 2 else 0
    economy = list(range(len(content.economy)))  # step 7
    rng.shuffle(economy)
    hand = content.options.selective_hand if selective_events else 0  # MB-116
    hands = [[events.pop(0) for _ in range(hand)] for _ in range(players)]
    seats = range(players)
    return Layout(
        first=FIRST_PLAYER,  # step 12
        decks=decks,
        contract_deck=contracts[cut:],
        removed=contracts[:cut],
        economy=economy[: content.economy_in_play],
        boxed_economy=economy[content.economy_in_play :],
        event_deck=events,
        display=[],
        bonus=[0] * len(content.contracts),
        built=[[False] * SECTIONS for _ in content.contracts],
        town=[],
        cash=[content.start_money] * players,  # step 11
        wage=[0] * players,  # step 10: the wage marker beside the track
        workers=[[] for _ in seats],
        contracts=[[] for _ in seats],
        ious=[[0] * LOANS for _ in seats],
        hands=hands,
    )
