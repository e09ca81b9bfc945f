"""Master Builder's component data: the schema of data.toml and what is derived from it
once per content object (the worker cards by id, each section's skills).

Money is in thousands of dollars throughout (the smallest coin is $1,000, MB-9). Skills are
indices, best first: 0 master craftsman, 1 foreman, 2 merchant, 3 apprentice; a worker of
skill ``s`` can do a job needing skill ``n`` when ``s <= n`` (MB-76)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Literal, NamedTuple

from pydantic import Field, model_validator

from housebuilders.core import GameData, Schema
from housebuilders.core.content import per_content

MIN_PLAYERS, MAX_PLAYERS = 2, 4
SKILL_CODES = "MFJA"  # master craftsman, foreman, merchant (journeyman), apprentice (MB-75)
SKILLS = len(SKILL_CODES)
QUIRK_CODES = "SDWNH"  # sensitive, deceitful, weak, negligent, hot-headed (MB-4)
SECTIONS = 6  # sections of a contract: "each building is 6 pieces" (MB-1)
KINDS: dict[str, tuple[str, ...]] = {  # each section's name, in the data's order (MB-3)
    "building": ("gable", "gable", "side wall", "side wall", "roof", "roof"),
    "town-wall": ("wall section", "side", "side", "wall section", "side", "side"),
}
TOWN_WALLS = (1, 2, 7, 12)  # "The town wall contracts (numbers 1, 2, 7 and 12)" (MB-3)
# Bounds of the fixed action space (actions.py): content beyond them is refused.
MAX_WORKERS = 40  # worker cards
MAX_CONTRACTS = 12  # contract cards
MAX_EVENTS = 16  # event cards
MAX_CREW = 2  # workers one section takes (MB-78)
MAX_BID = 2_000  # the highest bid, in thousands: at least the content's most_cash()
MAX_RENT = 30  # the highest options.max_rent, in thousands
LOANS = 2  # Small and Large (MB-102)


class Quirk(Schema):
    code: str
    name: str


class Skill(Schema):
    name: str
    code: str
    colour: str
    wage: int = Field(ge=0)
    cards: int = Field(ge=0)
    quirks: list[str]  # one string of quirk codes per card


class Contract(Schema):
    number: int = Field(ge=1)
    name: str
    kind: Literal["building", "town-wall"]
    sections: list[str] = Field(min_length=SECTIONS, max_length=SECTIONS)  # codes: "F+A"
    workforce: list[int] = Field(min_length=SKILLS, max_length=SKILLS)
    amount: int = Field(ge=0)
    min_bid: int = Field(ge=1)


class Event(Schema):
    name: str
    text: str
    effect: Literal["unavailable", "choose-unavailable", "dismiss", "pay", "no-roofs", "none"]
    quirks: list[str] = []  # a worker matches with any of these (any worker, if empty)
    skills: list[str] = []  # and of any of these skills (any skill, if empty)
    at_least: int = Field(1, ge=1)  # matching workers a player needs to be affected
    gain: int = Field(0, ge=0)
    pay: int = Field(0, ge=0)


class Economy(Schema):
    name: str
    reveal: list[int] = Field(min_length=3, max_length=3)  # contracts at 2, 3, 4 players


class Loan(Schema):
    name: str
    amount: int = Field(ge=1)
    early: int  # repaid while the contract deck holds cards
    late: int  # repaid once it is exhausted (MB-106)


class Options(Schema):
    # choosing workers (MB-115): a look costs something, so that looks a seat declines
    # (Q26) cannot go on without end: cash bounds them
    choosing_fee: int = Field(ge=1)
    selective_hand: int = Field(ge=1)  # selective events (MB-116)
    additional_events: int = Field(ge=1)  # additional events (MB-117)
    max_rent: int = Field(ge=0)  # renting workers (MB-118), with rent-offers-only
    rent_offers: int = Field(ge=1)  # offers to a seat a turn that may come to nothing (Q29)


class MasterBuilderContent(Schema):
    start_money: int = Field(ge=0)
    wage_cap: int = Field(ge=1)
    draft_workers: int = Field(ge=1)
    hire_turns: int = Field(ge=1)
    rounds: int = Field(ge=2)
    economy_in_play: int = Field(ge=1)
    extra_contracts_round_1: int = Field(ge=0)
    two_player_removed: int = Field(ge=0)
    round_1_most_contracts: int = Field(ge=1)
    unwanted_bonus: int = Field(ge=0)
    unfinished_penalty: int = Field(ge=0)
    quirks: list[Quirk]
    skills: list[Skill] = Field(min_length=SKILLS, max_length=SKILLS)
    contracts: list[Contract] = Field(min_length=1)
    events: list[Event] = Field(min_length=1)
    economy: list[Economy] = Field(min_length=1)
    loans: list[Loan] = Field(min_length=LOANS, max_length=LOANS)
    options: Options

    @model_validator(mode="after")
    def _consistent(self) -> MasterBuilderContent:
        self._check_workers()
        self._check_contracts()
        self._check_cards()
        self._check_money()
        return self

    def _check_workers(self) -> None:
        if "".join(q.code for q in self.quirks) != QUIRK_CODES:
            raise ValueError(f"quirks: the rulebook's five quirks, codes {' '.join(QUIRK_CODES)}")
        if "".join(s.code for s in self.skills) != SKILL_CODES:
            raise ValueError(f"skills: the four decks best first, codes {' '.join(SKILL_CODES)}")
        for skill in self.skills:
            if len(skill.quirks) != skill.cards:
                raise ValueError(f"skills: {skill.name!r} has {skill.cards} cards, so as many "
                                 f"quirks strings, not {len(skill.quirks)}")
            for quirks in skill.quirks:
                if not 1 <= len(quirks) <= 3 or len(set(quirks)) != len(quirks) or any(
                    q not in QUIRK_CODES for q in quirks
                ):
                    raise ValueError(f"skills: {skill.name!r} card {quirks!r} is not 1 to 3 "
                                     f"distinct quirks among {QUIRK_CODES}")
        if sum(s.cards for s in self.skills) > MAX_WORKERS:
            raise ValueError(f"skills: at most {MAX_WORKERS} worker cards")

    def _check_contracts(self) -> None:
        if len(self.contracts) > MAX_CONTRACTS:
            raise ValueError(f"contracts: at most {MAX_CONTRACTS}")
        for n, contract in enumerate(self.contracts, 1):
            where = f"contracts: number {contract.number}"
            if contract.number != n:
                raise ValueError(f"{where} is card {n}: number them 1, 2, 3... in order")
            if (contract.kind == "town-wall") != (n in TOWN_WALLS):
                raise ValueError(f"{where}: the town walls are numbers {TOWN_WALLS}")
            needs = [parse_code(code, where) for code in contract.sections]
            counted = [sum(need.count(s) for need in needs) for s in range(SKILLS)]
            if counted != contract.workforce:
                raise ValueError(f"{where}: workforce {contract.workforce} is not the sum of "
                                 f"its sections' codes {counted}")
            if contract.min_bid > self.most_cash():
                raise ValueError(f"{where}: min_bid above all the money a seat can hold "
                                 f"({self.most_cash()})")

    def _check_cards(self) -> None:
        if len(self.events) > MAX_EVENTS:
            raise ValueError(f"events: at most {MAX_EVENTS}")
        for event in self.events:
            if any(q not in QUIRK_CODES for q in event.quirks) or any(
                s not in SKILL_CODES for s in event.skills
            ):
                raise ValueError(f"events: {event.name!r} names an unknown quirk or skill")
            if (event.effect == "pay") != (event.pay > 0):
                raise ValueError(f"events: {event.name!r}: only a pay effect has `pay`, above 0")
            if event.effect in ("none", "no-roofs") and (
                event.quirks or event.skills or event.gain or event.at_least > 1
            ):
                raise ValueError(f"events: {event.name!r} affects no worker: no filter, no gain")
        if self.economy_in_play > len(self.economy):
            raise ValueError("economy_in_play: more cards than the economy deck holds")
        if self.rounds != self.economy_in_play + 1:
            raise ValueError("rounds: one more than economy_in_play (no card in round 1)")
        if any(n < 0 for card in self.economy for n in card.reveal):
            raise ValueError("economy: a card reveals 0 or more contracts")
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            if players + self.extra_contracts_round_1 > contracts_in_play(self, players):
                raise ValueError(f"contracts: too few for round 1's display at {players} players")
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            if self.options.selective_hand * players > len(self.events):
                raise ValueError("options.selective_hand: more cards than the event deck holds")

    def _check_money(self) -> None:
        if self.most_cash() > MAX_BID:
            raise ValueError(f"the money a seat can hold reaches {self.most_cash()} (start_money, "
                             f"contracts, events, loans), above the highest bid the action "
                             f"space holds ({MAX_BID})")
        if self.options.max_rent > MAX_RENT:
            raise ValueError(f"options.max_rent: at most {MAX_RENT}")
        for loan in self.loans:
            if not loan.amount <= loan.early <= loan.late:
                raise ValueError(f"loans: {loan.name!r} needs amount <= early <= late")
        if self.draft_workers * min(s.wage for s in self.skills) > self.wage_cap:
            raise ValueError("draft_workers: no draft fits under the wage cap")


    def most_cash(self) -> int:
        """The most cash one seat can ever hold, in thousands, so the bids a seat can pay
        (MB-48: there is no other limit) fit the fixed action space: all the money the
        rules bring into play at the most players. Every seat's start money (renting moves
        money between seats), every contract's amount with the bonus it gathers while
        unwanted, every event's gain to every seat in each round, and each seat's loans in
        each round: a seat borrows only to pay its wages, so what a round's loans leave
        once they are paid is less than one loan."""
        events = self.rounds * self.options.additional_events
        return (
            MAX_PLAYERS * self.start_money
            + sum(c.amount + self.unwanted_bonus * (self.rounds - 1) for c in self.contracts)
            + events * MAX_PLAYERS * max(e.gain for e in self.events)
            + self.rounds * MAX_PLAYERS * max(loan.amount for loan in self.loans)
        )


def parse_code(code: str, where: str = "a section") -> tuple[int, ...]:
    """A section code as skill indices, best first: "F+A" -> (1, 3)."""
    parts = code.split("+")
    if not 1 <= len(parts) <= MAX_CREW or any(p not in SKILL_CODES or not p for p in parts):
        raise ValueError(f"{where}: section code {code!r} is 1 to {MAX_CREW} of "
                         f"{'/'.join(SKILL_CODES)} joined by '+'")
    return tuple(sorted(SKILL_CODES.index(p) for p in parts))


DATA = GameData(MasterBuilderContent, Path(__file__).with_name("data.toml"))


class Worker(NamedTuple):
    """A worker card: its skill, its quirks' codes and its wage."""

    skill: int
    quirks: str
    wage: int


@per_content
def workers(content: MasterBuilderContent) -> tuple[Worker, ...]:
    """Every worker card by id: the decks in skill order, each in the data's order."""
    return tuple(
        Worker(s, quirks, skill.wage)
        for s, skill in enumerate(content.skills)
        for quirks in skill.quirks
    )


@per_content
def needs(content: MasterBuilderContent) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By contract index, then section: the skills the section needs, best first (MB-77)."""
    return tuple(tuple(parse_code(code) for code in c.sections) for c in content.contracts)


def contracts_in_play(content: MasterBuilderContent, players: int) -> int:
    """The contract deck's size at ``players`` (MB-14)."""
    return len(content.contracts) - (content.two_player_removed if players == 2 else 0)


def can_staff(need: Sequence[int], crew: Sequence[int]) -> bool:
    """Whether a crew (skills) meets a section's need: as many workers as the code shows
    (Q25), paired off each with a colour of equal or lower skill (MB-76, MB-78)."""
    return len(crew) == len(need) and all(
        w <= n for w, n in zip(sorted(crew), sorted(need), strict=True)
    )


def wages(content: MasterBuilderContent, crew: Sequence[int]) -> int:
    """The wage total of worker cards (ids), as the wage track shows it (MB-30)."""
    cards = workers(content)
    return sum(cards[w].wage for w in crew)
