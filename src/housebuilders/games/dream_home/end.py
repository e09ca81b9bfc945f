"""Dream Home's end: the helpers whose owners act once the last round is over, the
Roofer, the Supplier and the Handyman, in that order (DH-64 to DH-66, DH-69, DH-91)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain

from housebuilders.core import Action
from housebuilders.games.dream_home.actions import (
    RECLAIMS,
    SUPPLIES,
    SUPPLY_CARDS,
    SWAPS,
    Decline,
    NoSupply,
    NoSwap,
    Reclaim,
    Supply,
    SupplyCard,
    Swap,
    kids_words,
    space_name,
)
from housebuilders.games.dream_home.base import DreamHomeBase
from housebuilders.games.dream_home.content import (
    BASEMENT_FIRST,
    NEIGHBOURS,
    SPACES,
    ResourceCard,
)
from housebuilders.games.dream_home.home import run_at
from housebuilders.games.dream_home.phases import (
    HANDYMAN as HANDYMAN_PHASE,
    OVER,
    ROOFER,
    SUPPLIER as SUPPLIER_PHASE,
    SUPPLIER_AFTER,
)
from housebuilders.games.dream_home.values import (
    EMPTY,
    END_STEPS,
    HANDYMAN,
    LOST,
    NOBODY,
    ROOFER_CARD,
    SUPPLIER,
)


class EndRules(DreamHomeBase):
    """Mixed into ``DreamHomeState``: the helpers' choices at the end and their moves."""

    __slots__ = ()

    # -- the end's helpers (DH-65, DH-66, DH-69, DH-91) -------------------------------------
    def _reclaim(self, player: int, action: Reclaim) -> bool:
        """DH-65: the Roofer takes a discarded roof card."""
        wanted = (action.colour, bool(action.window))
        card = next(c for c in self.resource_discard if self._roof_key(c) == wanted)
        self.resource_discard.remove(card)
        self.roofs[player].append(card)
        self.log.append(
            f"player {player} uses the {self._helper_name(ROOFER_CARD)} to take "
            f"{self._resource_words(card, True)} from the discard pile"
        )
        return self._helper_done()

    def _use_supplier(self, player: int, action: Supply | SupplyCard) -> bool:
        """DH-66 (Q13): the Supplier exchanges a card of the home for a discarded one."""
        kids = action.kids if isinstance(action, SupplyCard) else None
        card = self._discarded(action.room, kids)
        assert card is not None
        which = "" if kids is None else f" with {kids_words(kids)}"
        self.log.append(
            f"player {player} uses the {self._helper_name(SUPPLIER)} to exchange "
            f"the {self._room_name(self.homes[player][action.space])} on "
            f"{space_name(action.space)} for the discarded "
            f"{self.content.rooms[action.room].name}{which}"
        )
        self._supply(player, card, action.space)
        return self._helper_done()

    def _use_handyman(self, player: int, action: Swap) -> bool:
        """DH-69 (Q14): the Handyman swaps two cards of the home."""
        self.log.append(
            f"player {player} uses the {self._helper_name(HANDYMAN)} to swap "
            f"the cards on {space_name(action.first)} and "
            f"{space_name(action.second)}"
        )
        self._swap(player, action.first, action.second)
        if self.phase == SUPPLIER_PHASE:  # the Handyman first: the Supplier then (ruling 22)
            self._ask_end([(SUPPLIER_AFTER, SUPPLIER)])
            return False
        return self._helper_done()

    def _pass_helper(self, player: int, action: Decline | NoSupply | NoSwap) -> bool:
        """A helper's owner uses it not."""
        return self._helper_done()

    def _helper_done(self) -> bool:
        """The next step of the end (DH-91)."""
        if self.phase == SUPPLIER_AFTER:
            self._ask_end([])
            return False
        step = next(i for i, (phase, _) in enumerate(END_STEPS) if phase == self.phase)
        self._next_end_step(step + 1)
        return False

    # -- the end: Supplier and Handyman ---------------------------------------------------------
    def _lose_or_move_token(self, player: int, space: int, to: int) -> None:
        """Q10: a token on the room of ``space`` follows a one-card room to ``to`` and is
        lost when a card of a larger room leaves (``to`` EMPTY: the card leaves the home)."""
        room = self.room_at(player, space)
        for token, owner in enumerate(self.token_owner):
            if owner == player and self.token_at[token] in room:
                if len(room) == 1 and to != EMPTY:
                    self.token_at[token] = to
                else:
                    self.token_owner[token], self.token_at[token] = LOST, EMPTY

    def _discarded(self, kind: int, kids: int | None) -> int | None:
        """A discarded room card of type ``kind`` with ``kids`` kids (None: the one with
        the most); None if there is none. Cards of one type and kids are alike in all."""
        rooms = self.cards.rooms
        found = [c for c in self.room_discard
                 if rooms[c].type == kind and kids in (None, rooms[c].kids)]  # fmt: skip
        return max(found, key=lambda c: rooms[c].kids) if found else None

    def _discarded_any(self, kind: int) -> int:
        """A discarded room card of type ``kind``, which the discard holds."""
        card = self._discarded(kind, None)
        assert card is not None, f"no room of type {kind} in the discard"
        return card

    def _supply(self, player: int, card: int, space: int) -> None:
        self._lose_or_move_token(player, space, EMPTY)
        self.room_discard.remove(card)
        self.room_discard.append(self.homes[player][space])
        self.homes[player][space], self.down[player][space] = card, 0

    def _swap(self, player: int, first: int, second: int) -> None:
        home, down = self.homes[player], self.down[player]
        # each token is looked up before either card moves
        types = self.types(player)
        tokens = [(t, at) for t, at in enumerate(self.token_at) if self.token_owner[t] == player]
        for space, to in (first, second), (second, first):
            room = run_at(types, space)
            for token, at in tokens:
                if at in room:
                    keep = len(room) == 1
                    self.token_owner[token] = player if keep else LOST
                    self.token_at[token] = to if keep else EMPTY
        home[first], home[second] = home[second], home[first]
        down[first], down[second] = down[second], down[first]

    def helper_choices(self, player: int) -> Iterator[Action]:
        """What the helper's owner asked now at the end may do but pass (DH-65, DH-66,
        DH-69, ruling 22), in the order ``legal_actions`` lists them: the roof cards
        the Roofer may take, the Supplier's exchanges, the Handyman's swaps (the
        Supplier's owner may use his Handyman first). Made as asked: the first is
        enough to know that there is a choice."""
        if self.phase == ROOFER:
            colours = {(r.index, r.window) for r in self._discarded_roofs()}
            return iter([RECLAIMS[key] for key in sorted(colours)])
        choices: list[Iterator[Action]] = []
        if self.phase in (SUPPLIER_PHASE, SUPPLIER_AFTER):
            choices.append(chain.from_iterable(self._supplies(player)))
        if self.phase == HANDYMAN_PHASE or (
            self.phase == SUPPLIER_PHASE and self.handyman_first(player)
        ):
            choices.append(self._swaps(player))
        return chain(*choices)

    def _supplies(self, player: int) -> Iterator[list[Action]]:
        """DH-66 (Q13): every legal exchange, space by space, judged with the outgoing
        card removed. The player chooses the discarded card, told apart by its type and
        kids (ruling 20); with the option ``supplier-most-kids`` only its type, the game
        giving the card of that type with the most kids."""
        rooms, basement = self.cards.rooms, self.cards.basement_type
        most = self.setup["options"]["supplier-most-kids"]
        kinds = sorted({rooms[c].type for c in self.room_discard})
        offers = sorted({(rooms[c].type, None if most else rooms[c].kids)
                         for c in self.room_discard})  # fmt: skip
        types = self.types(player)
        for space in range(SPACES):
            # a card's place depends on its type alone: rule B, then a room of its type
            # beside it (which alone needs a trial, its card gone); without one it fits
            wanted = [kind for kind in kinds if basement[kind] == (space >= BASEMENT_FIRST)]
            near = [types[side] for side in NEIGHBOURS[space]]
            joining = [kind for kind in wanted if kind in near]
            fits = {kind for kind in wanted if kind not in near}
            if joining:
                fits |= self._supply_fits(player, space, joining)
            yield [
                SUPPLIES[kind, space] if kids is None else SUPPLY_CARDS[kind, kids, space]
                for kind, kids in offers if kind in fits
            ]  # fmt: skip

    def _supply_fits(self, player: int, space: int, kinds: list[int]) -> set[int]:
        """The room types of ``kinds``, each of the floor of ``space``, a card of which
        may go face up on ``space`` once its card has left the home (tried on the home
        itself, then put back)."""
        home, owners, places = self.homes[player], self.token_owner[:], self.token_at[:]
        card = home[space]
        try:
            self._lose_or_move_token(player, space, EMPTY)
            home[space] = EMPTY
            types = self.types(player)
            return {
                kind for kind in kinds  # (their floor is right: rule B is checked)
                if self._joining_problem(player, types, kind, space) is None
            }  # fmt: skip
        finally:
            home[space] = card
            self.token_owner[:], self.token_at[:] = owners, places

    def handyman_first(self, player: int) -> bool:
        """Whether ``player``, asked about the Supplier, may use his Handyman first
        (ruling 22): the rulebook names no order; the option ``helpers-in-order`` keeps
        the Supplier first."""
        in_order = self.setup["options"]["helpers-in-order"]
        return not in_order and self.helper_owner(HANDYMAN) == player

    def _swaps(self, player: int) -> Iterator[Action]:
        """DH-69 (Q14): every swap of two cards after which each is legal where it goes."""
        home, down = self.homes[player], self.down[player]
        room_type, basement = self.cards.room_type, self.cards.basement_type
        types = self.types(player)
        for (first, second), swap in SWAPS.items():
            a = EMPTY if down[first] else room_type[home[first]]
            b = EMPTY if down[second] else room_type[home[second]]
            if a == b:
                continue  # two empty rooms, or two cards of one type: nothing changes
            # rule B (a face-up card of the wrong floor) fails whatever the rest
            if b != EMPTY and basement[b] != (first >= BASEMENT_FIRST):
                continue
            if a != EMPTY and basement[a] != (second >= BASEMENT_FIRST):
                continue
            # a card that lands beside no room of its type fits: the swap needs a trial
            # only where one does
            joins = _joins(types, first, second, b) or _joins(types, second, first, a)
            if not joins or self._swap_fits(player, first, second):
                yield swap

    def _swap_fits(self, player: int, first: int, second: int) -> bool:
        """Whether after the swap each card is legal where it goes (tried on the home
        itself, then put back)."""
        home, down = self.homes[player], self.down[player]
        owners, places = self.token_owner[:], self.token_at[:]
        try:
            self._swap(player, first, second)
            types = self.types(player)
            return self._fits(player, first, types) and self._fits(player, second, types)
        finally:
            home[first], home[second] = home[second], home[first]
            down[first], down[second] = down[second], down[first]
            self.token_owner[:], self.token_at[:] = owners, places

    def _fits(self, player: int, space: int, types: list[int]) -> bool:
        """Whether the card at ``space`` could have been placed there as the home stands
        (``types``: its room types, ``types()``)."""
        if self.down[player][space]:
            return True
        kind = self.cards.room_type[self.homes[player][space]]
        if self.cards.basement_type[kind] != (space >= BASEMENT_FIRST):
            return False  # rule B
        placing = types[:]
        placing[space] = EMPTY  # the home as it was before the card was placed
        if self._joining_problem(player, placing, kind, space) is not None:
            return False
        carries = any(
            owner == player and self.token_at[t] == space
            for t, owner in enumerate(self.token_owner)
        )
        return not carries or run_at(types, space) == (space,)  # a decorated room is
        # finished: it cannot grow

    def _next_end_step(self, step: int) -> None:
        """DH-91: the Roofer, then the Supplier (whose owner may use his Handyman first,
        ruling 22), then the Handyman, each if its owner has a choice; then the game is
        over."""
        self._ask_end(END_STEPS[step:])

    def _ask_end(self, steps: Iterable[tuple[str, int]]) -> None:
        """The first of the end's ``steps`` (phase, helper) whose helper's owner has a
        choice; the game is over if none has."""
        for phase, helper in steps:
            self.phase = phase
            owner = self.helper_owner(helper)
            if owner != NOBODY and next(self.helper_choices(owner), None) is not None:
                return
        self.phase = OVER
        self.log.append("the game is over")

    # -- the Roofer (DH-65) ---------------------------------------------------------------
    def _roof_key(self, card: int) -> tuple[int, bool] | None:
        """A roof card's colour and window; None for another resource card."""
        res = self.cards.resources[card]
        return (res.index, res.window) if res.kind == "roof" else None

    def _discarded_roofs(self) -> list[ResourceCard]:
        resources = self.cards.resources
        return [resources[c] for c in self.resource_discard if resources[c].kind == "roof"]


def _joins(types: list[int], space: int, leaving: int, kind: int) -> bool:
    """Whether a face-up card of type ``kind`` (EMPTY: face down) put on ``space`` would
    be beside a room of its type, the card on ``leaving`` gone (``types``: the home's)."""
    return kind != EMPTY and any(
        types[side] == kind for side in NEIGHBOURS[space] if side != leaving
    )
