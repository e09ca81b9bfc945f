"""The contract's own conformance checks, shipped with the package.

Every registered game must pass them; ``housebuilders.testing.check_game`` runs them
all on one game (tests/test_conformance.py, one test a check, over every installed
game). Each check raises AssertionError with a message that says what broke.

    from housebuilders.core.testing import check_random_game
    check_random_game("mr-house-basic", players=3, seed=7, deep=True)
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator, Mapping
from typing import Any

from housebuilders.core.action import Action
from housebuilders.core.errors import IllegalAction, StateError
from housebuilders.core.features import LIMIT
from housebuilders.core.spec import GameSpec, game, replay
from housebuilders.core.state import State


def random_playout(state: State, rng: random.Random, max_actions: int = 100_000) -> int:
    """Play uniformly random legal actions to the end; return the number applied."""
    n = 0
    while not state.is_terminal():
        acting = state.acting_players()
        player = acting[rng.randrange(len(acting))]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
        n += 1
        if n > max_actions:
            raise AssertionError(f"no end after {max_actions} actions: the game may loop")
    return n


#: the steps of a game a deep check (``check_random_game(deep=True)``) checks every
#: one of: all of a game of most games, the start of a long one (House of Fado's random
#: games last some 2,000 steps)
DEEP_STEPS = 300


def check_random_game(
    game_id: str,
    players: int,
    seed: int,
    deep: bool = False,
    options: Mapping[str, Any] | None = None,
) -> State:
    """Play one random game (with ``options``), checking the contract at every step.

    ``deep`` adds the expensive checks at every step (the first ``DEEP_STEPS`` of a
    long game; then as a plain game's): every listed action applies, illegal actions
    are refused without change, JSON round trips, determinize and the information
    rule. A plain game's state is checked every 37 steps, ever further apart after
    each 8 checks (a state's checks cost as much as its history is long).
    Returns the final state."""
    spec = game(game_id)
    state = spec.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    step, every, checked = 0, 37, 0
    while not state.is_terminal():
        acting = state.acting_players()
        assert acting, f"step {step}: no acting player, but the game is not over"
        for player in range(players):
            legal = state.legal_actions(player)
            if player in acting:
                assert legal, f"step {step}: acting player {player} has no legal action"
            else:
                assert not legal, f"step {step}: player {player} is not acting but has actions"
        if deep and step < DEEP_STEPS:
            check_state(spec, state, seed=seed + step)
        elif step % every == 0:
            check_state(spec, state, seed=seed + step, information=deep)
            checked += 1
            if checked % 8 == 0:  # a long game: its states checked ever further apart
                every *= 2
        player = acting[rng.randrange(len(acting))]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
        step += 1
        assert step < 100_000, "no end after 100,000 actions: the game may loop"
    assert state.acting_players() == (), "a terminal state has acting players"
    for player in range(players):
        assert state.legal_actions(player) == [], "a terminal state has legal actions"
    check_final(spec, state, seed)
    return state


def check_state(spec: GameSpec, state: State, seed: int, information: bool = True) -> None:
    """The per-state checks (see check_random_game); ``information`` adds
    ``check_information_rule``, the dearest of them."""
    before = state.to_json()
    _check_json_safe(before, "to_json()")
    check_roundtrip(spec, state)
    check_corrupted_states_refused(spec, state, seed, sample=2)
    for player in state.acting_players():
        legal = state.legal_actions(player)
        assert len(set(legal)) == len(legal), f"duplicate legal actions for {player}"
        for action in legal:
            check_action(spec, action)
            text = state.describe(action)
            assert isinstance(text, str) and text.strip(), f"{action!r} has no sentence"
            copy = state.clone()
            copy.apply(player, action)  # every listed action applies
        weighed = state.search_actions(player)
        assert weighed and set(weighed) <= set(legal), "search_actions: legal, never empty"
        check_refusals(spec, state, player, legal, seed)
    assert state.to_json() == before, "checking the state changed it (clone is not independent)"
    for player in range(state.num_players):
        check_hidden_information(state, player, seed)
    _check_json_safe(state.observe(None), "observe(None)")
    if information:
        check_information_rule(state, seed)


def check_action(spec: GameSpec, action: Action) -> None:
    data = action.to_json()
    _check_json_safe(data, f"{action!r}.to_json()")
    back = spec.action_from_json(json.loads(json.dumps(data)))
    assert back == action and hash(back) == hash(action), f"{action!r} does not round-trip"
    index = spec.action_index(action)
    assert 0 <= index < spec.action_space_size
    assert spec.actions[index] == action, f"action_index({action!r}) points elsewhere"
    assert str(action) and not str(action).startswith(type(action).__name__ + "("), (
        f"{action!r} has no sentence for str()"
    )


def check_refusals(
    spec: GameSpec, state: State, player: int, legal: list[Action], seed: int
) -> None:
    """Actions that are not legal raise IllegalAction naming a rule, and change nothing."""
    before = _fingerprint(state)
    legal_set = set(legal)
    rng = random.Random(seed)
    candidates = [a for a in rng.sample(spec.actions, min(60, len(spec.actions)))]
    for action in candidates:
        if action in legal_set:
            continue
        _expect_refusal(state, player, action, before)
    others = [p for p in range(state.num_players) if p not in state.acting_players()]
    for other in others[:1]:
        _expect_refusal(state, other, legal[0], before)


def _expect_refusal(state: State, player: int, action: Action, before: dict[str, Any]) -> None:
    try:
        state.apply(player, action)
    except IllegalAction as e:
        assert e.message and e.rule.startswith(f"{state.spec.id} §"), (
            f"refusing {action!r} must name a rule as '<game> §<section>', got {e.rule!r}"
        )
    else:
        raise AssertionError(f"illegal action {action!r} of player {player} was accepted")
    assert _fingerprint(state) == before, f"refusing {action!r} changed the state"


def _fingerprint(state: State) -> dict[str, Any]:
    """The state's JSON with its history as (length, last move): a history only grows,
    so a change to it shows there, and writing a long game's whole history for each
    of some sixty refusals is most of a check's time."""
    history = state.history
    state.history = history[-1:]  # type: ignore[misc]  # (a GameState's slot)
    try:
        data = state.to_json()
    finally:
        state.history = history  # type: ignore[misc]
    data["history"] = [len(history), data["history"]]
    return data


def check_roundtrip(spec: GameSpec, state: State) -> None:
    data = json.loads(json.dumps(state.to_json()))
    back = spec.state_from_json(data)
    assert back.to_json() == state.to_json(), "state_from_json(to_json()) differs"
    for player in range(state.num_players):
        assert back.observe(player) == state.observe(player), "a loaded state looks different"
        assert back.legal_actions(player) == state.legal_actions(player)


#: beyond any count, index or generator state a game keeps (they fit in 64 bits)
_FAR = 1 << 70


def corruptions(data: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Changes to a state's JSON that no game may accept, whatever its rules, as
    (the key concerned, what was done, the changed JSON): an unknown key added, each key
    removed, each value replaced by one of another JSON type, each int (not a bool)
    moved beyond 64 bits either way."""
    yield "unexpected", "an unknown key added", {**data, "unexpected": 0}
    for key, value in data.items():
        yield key, "removed", {k: v for k, v in data.items() if k != key}
        yield key, "of another type", {**data, key: 0.5 if isinstance(value, str) else "0.5"}
        if isinstance(value, int) and not isinstance(value, bool):
            yield key, "far too large", {**data, key: value + _FAR}
            yield key, "far too small", {**data, key: value - _FAR}


def check_corrupted_states_refused(
    spec: GameSpec, state: State, seed: int = 0, sample: int | None = None
) -> None:
    """The state's JSON loads; its ``corruptions`` (all, or a ``sample`` of them) are
    refused with a StateError naming the key concerned. A game's own tests check its
    rules' consistency (a card twice, a count changed, another player acting)."""
    data = json.loads(json.dumps(state.to_json()))
    spec.state_from_json(data)
    cases = list(corruptions(data))
    if sample is not None:
        cases = random.Random(seed).sample(cases, min(sample, len(cases)))
    for key, what, bad in cases:
        try:
            spec.state_from_json(bad)
        except StateError as e:
            assert key in str(e), f"{key!r} {what}: the StateError does not name it: {e}"
        except Exception as e:
            raise AssertionError(
                f"{key!r} {what}: state_from_json raised {type(e).__name__} ({e}), not StateError"
            ) from e
        else:
            raise AssertionError(f"{key!r} {what}: state_from_json loaded it")


def check_hidden_information(state: State, player: int, seed: int) -> None:
    """``player`` cannot tell a determinized copy from the true state: not by its
    observation, nor by the game's encoding of it (``spec.features``), nor by what it
    is told it has (``standing``: a hint's words)."""
    seen = state.observe(player)
    _check_json_safe(seen, f"observe({player})")
    standing = state.standing(player)
    _check_json_safe(standing, f"standing({player})")
    assert all(type(v) is float for v in standing.values()), f"standing({player}): numbers"
    features = state.spec.features
    encoded = None if features is None else check_encoding(state, player)
    for k in range(2):
        copy = state.determinize(player, seed * 31 + k)
        assert copy.observe(player) == seen, (
            f"observe({player}) differs on a determinized copy: the observation leaks "
            "hidden information, or determinize changes what the player has seen"
        )
        assert copy.legal_actions(player) == state.legal_actions(player)
        assert copy.acting_players() == state.acting_players()
        assert copy.standing(player) == standing, (
            f"standing({player}) differs on a determinized copy: it tells what the seat cannot know"
        )
        if features is not None:
            again = features.encode(copy, player)
            _check_same_encoding(encoded, again, player, "a determinized copy")
    check_determinization_from_knowledge(state, player, seed)


def check_determinization_from_knowledge(state: State, player: int, seed: int) -> None:
    """A determinization is a function of what ``player`` knows and the seed: with one
    seed, the same from the state as from a state the player cannot tell from it (a
    determinization of it). A pool dealt in its true order, only shuffled, fails
    this: the seed then tells where each true card went (``Rng.deal`` sorts first)."""
    mine = state.determinize(player, seed).to_json()
    other = state.determinize(player, seed * 31 + 7)
    theirs = other.determinize(player, seed).to_json()
    if mine == theirs:
        return
    a, b = _leaves(mine), _leaves(theirs)
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    assert not differ, (
        f"determinize({player}, seed) differs between the state and a state player "
        f"{player} cannot tell from it: it depends on more than what the seat knows "
        f"(the true order of what it deals?) at " + ", ".join(differ[:5])
    )


def check_encoding(state: State, player: int) -> Any:
    """The game's encoding of what ``player`` sees (``spec.features``): as long as
    ``features.size`` says, finite numbers. Returns it."""
    features = state.spec.features
    assert features is not None, f"{state.spec.id} has no features"
    vector = features.encode(state, player)
    size = features.size(state.num_players)
    assert len(vector) == size, (
        f"features.encode({player}) has {len(vector)} values, features.size says {size}"
    )
    assert all(math.isfinite(x) for x in vector), f"features.encode({player}) is not finite"
    outside = [i for i, x in enumerate(vector) if not -LIMIT <= x <= LIMIT]
    assert not outside, (
        f"features.encode({player}) has values outside [-{LIMIT}, {LIMIT}] at {outside[:8]} "
        f"({[vector[i] for i in outside[:8]]}): an amount the rules do not bound is written "
        "by core.features.amount"
    )
    check_state_encoding(state, player)
    return vector


def check_state_encoding(state: State, player: int | None) -> None:
    """A game's encoder that reads the state itself (``features.of_state``) gives the
    vector its observation gives, value for value: it shows no more than the
    observation does, and no less."""
    features = state.spec.features
    if features is None or features.of_state is None:
        return
    read, observed = (
        list(features.encode(state, player)),
        list(features.encode_observed(state, player)),
    )
    if read != observed:
        at = [i for i, (x, y) in enumerate(zip(read, observed, strict=False)) if x != y]
        raise AssertionError(
            f"features.of_state(state, {player}) differs from the encoding of "
            f"observe({player}) ({len(read)} and {len(observed)} values; differing at "
            f"{at[:8]}): the two must agree on every state"
        )


def _check_same_encoding(a: Any, b: Any, player: int, other: str) -> None:
    if list(a) != list(b):
        at = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        raise AssertionError(
            f"features.encode({player}) differs on {other}, which player {player} cannot tell "
            f"from the state: the encoding leaks hidden information (values {at[:8]})"
        )


def check_features(state: State, seed: int) -> None:
    """The information rule for the game's encoder (``spec.features``), the leak
    check: for every seat, the encoding has its size and the same values on the
    seat's determinizations (the hidden values resampled); and where one acting seat
    plays either of two moves another seat cannot tell apart (equal observations), that
    seat's encodings of the two results are equal."""
    for player in range(state.num_players):
        check_hidden_information(state, player, seed)
    check_state_encoding(state, None)  # a spectator's
    acting = state.acting_players()
    if not acting:
        return
    rng = random.Random(seed)
    mover = acting[rng.randrange(len(acting))]
    legal = state.legal_actions(mover)
    if len(legal) < 2:
        return
    results = []
    for action in rng.sample(legal, 2):
        copy = state.clone()
        copy.apply(mover, action)
        results.append(copy)
    features = state.spec.features
    assert features is not None
    for p in range(state.num_players):
        if p != mover and results[0].observe(p) == results[1].observe(p):
            _check_same_encoding(
                features.encode(results[0], p),
                features.encode(results[1], p),
                p,
                f"the state after another move of player {mover}",
            )


def check_information_rule(state: State, seed: int, seeds: int = 6) -> None:
    """The information rule: a seat's determinization depends only on what it knows.

    One acting seat q plays two different legal actions on two copies of ``state``.
    For a seat p that cannot tell the two results apart (equal observations; one
    such seat, picked by ``seed``), p's determinizations of them must not
    say which action q played: no part of their JSON (history included) may be the
    same over all ``seeds`` determinizations of one result, the same over all of the
    other's, and different between the two. Nor may a determinization keep the
    true random generator (future dice and draws), nor the log a seat or a
    spectator is given (``history_seen_by``) tell the two apart.

    Two moves that leave the same state but for the history's record of the move
    (Mr House: a failed build's intended place, or either of two alike walls given
    up) tell nothing hidden, and are not compared."""
    rng = random.Random(seed)
    _check_rng_resampled(state, rng.randrange(state.num_players), seed)
    acting = state.acting_players()
    if not acting:
        return
    mover = acting[rng.randrange(len(acting))]
    legal = state.legal_actions(mover)
    if len(legal) < 2:
        return
    first, second = rng.sample(legal, 2)
    results = []
    for action in (first, second):
        copy = state.clone()
        copy.apply(mover, action)
        results.append(copy)
    if _but_the_record(results[0]) == _but_the_record(results[1]):
        return  # the same state either way: nothing hidden to tell
    blind = [
        p
        for p in (*range(state.num_players), None)
        if p != mover and results[0].observe(p) == results[1].observe(p)
    ]
    for p in blind:  # nor may the log a seat (or a spectator) is given
        assert results[0].history_seen_by(p) == results[1].history_seen_by(p), (
            f"history_seen_by({p}) tells whether player {mover} played {first} or {second}"
        )
    seats = [p for p in blind if p is not None]
    if seats:
        player = rng.choice(seats)
        leaks = _telling_parts(results[0], results[1], player, seed, seeds)
        assert not leaks, (
            f"determinize({player}) tells whether player {mover} played {first} or {second}, "
            f"which player {player} cannot see: it keeps the true value of " + ", ".join(leaks[:5])
        )


def _but_the_record(state: State) -> dict[str, Any]:
    data = state.to_json()
    data.pop("history", None)
    return data


def _telling_parts(a: State, b: State, player: int, seed: int, seeds: int) -> list[str]:
    """The parts of the JSON of ``player``'s determinizations that are fixed within
    each of ``a`` and ``b`` and differ between them."""
    seen_a = _leaves_over(a, player, seed, seeds)
    seen_b = _leaves_over(b, player, seed, seeds)
    telling = []
    for path in sorted(seen_a.keys() | seen_b.keys()):
        values_a, values_b = seen_a.get(path, {_ABSENT}), seen_b.get(path, {_ABSENT})
        if len(values_a) == 1 and len(values_b) == 1 and values_a != values_b:
            telling.append(path)
    return telling


_ABSENT = "<absent>"


def _leaves_over(state: State, player: int, seed: int, seeds: int) -> dict[str, set[str]]:
    """Every leaf of the determinizations' JSON (path -> the values seen), a path
    missing from one determinization counting as the value ``<absent>``."""
    runs = [_leaves(state.determinize(player, seed * 97 + k).to_json()) for k in range(seeds)]
    paths = set().union(*runs)
    return {path: {run.get(path, _ABSENT) for run in runs} for path in paths}


def _leaves(value: Any, path: str = "") -> dict[str, str]:
    if isinstance(value, dict):
        out: dict[str, str] = {}
        for key, item in value.items():
            out.update(_leaves(item, f"{path}.{key}" if path else str(key)))
        return out or {path: "{}"}
    if isinstance(value, list):
        out = {f"{path}.length": str(len(value))}
        for i, item in enumerate(value):
            out.update(_leaves(item, f"{path}[{i}]"))
        return out
    return {path: json.dumps(value)}


def _check_rng_resampled(state: State, player: int, seed: int) -> None:
    """A determinization does not keep the true random generator: future dice and
    draws are resampled, not the ones the game will really give."""
    truth = state.to_json().get("rng")
    if truth is None:
        return
    kept = any(state.determinize(player, seed + k).to_json()["rng"] == truth for k in range(3))
    assert not kept, (
        f"determinize({player}) keeps the true random generator: future chance is known"
    )


def check_final(spec: GameSpec, state: State, seed: int) -> None:
    """Scores, ranking, JSON and replay of a finished game."""
    n = state.num_players
    scores = state.scores()
    assert len(scores) == n, "scores() needs one entry per player"
    for s in scores:
        assert isinstance(s["total"], int), "a total is an int"
        assert sum(s["breakdown"].values()) == s["total"], "breakdown must add up to the total"
    ranks = state.ranking()
    assert len(ranks) == n and min(ranks) == 1, f"bad ranking {ranks}"
    for r in ranks:  # ties share a rank; the next rank skips the tied places
        assert r == 1 + sum(other < r for other in ranks), f"inconsistent ranking {ranks}"
    check_winners(state)
    check_goals(spec, state)
    _check_json_safe(scores, "scores()")
    check_roundtrip(spec, state)
    check_corrupted_states_refused(spec, state, seed, sample=4)
    saved = state.to_json()  # the game's options and content, as new_game took them
    setup = {"options": saved.get("options"), "content": saved.get("content")}
    again = replay(spec.id, n, seed, state.history, **setup)
    assert again.to_json() == saved, "replay of the history gives another state"
    again = replay(spec.id, n, seed, state.history_json(), **setup)
    assert again.to_json() == saved, "replay of the JSON history gives another state"


def check_winners(state: State) -> None:
    """``winners()`` of a finished game: distinct seats in seat order, each of rank 1
    (a game may declare that some or all of its first place lost, never that a lower
    rank won); with the contract's default, exactly the seats of rank 1. Before the
    end ``winners()``, like ``ranking()``, is not checked."""
    winners, ranks = state.winners(), state.ranking()
    _check_json_safe(winners, "winners()")
    assert all(type(w) is int for w in winners), f"winners() must be seats (ints): {winners}"
    assert winners == sorted(set(winners)), f"winners() must be distinct and sorted: {winners}"
    for seat in winners:
        assert 0 <= seat < state.num_players, f"winners() names no seat: {seat}"
        assert ranks[seat] == 1, f"winner {seat} is not of rank 1 in {ranks}"
    if type(state).winners is State.winners:
        first = [seat for seat, rank in enumerate(ranks) if rank == 1]
        assert winners == first, f"winners() {winners} is not the first place {first}"


def check_goals(spec: GameSpec, state: State) -> None:
    """``goals()`` at the end: a number per seat for each figure, JSON-safe; each of the
    spec's ``yes_no_goals`` among them, 1 or 0 a seat."""
    goals = state.goals()
    _check_json_safe(goals, "goals()")
    for name, values in goals.items():
        assert len(values) == state.num_players, f"goal {name!r} needs a value per seat"
    for name in spec.yes_no_goals:
        assert name in goals, f"yes_no_goals names {name!r}, which goals() does not give"
        assert all(v in (0.0, 1.0) for v in goals[name]), f"yes-or-no goal {name!r}: {goals[name]}"


def _check_json_safe(value: Any, what: str) -> None:
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise AssertionError(f"{what} is not JSON-safe: {e}") from None
    assert json.loads(text) == value, f"{what} does not survive JSON (tuples or int keys?)"


def determinize_varies(state: State, player: int, tries: int = 8) -> bool:
    """Whether some determinized copy differs from the true state in more than its
    random generator (deck orders, opponents' hidden values...)."""

    def hidden(s: State) -> dict[str, Any]:
        data = s.to_json()
        data.pop("rng", None)
        return data

    truth = hidden(state)
    return any(hidden(state.determinize(player, seed)) != truth for seed in range(tries))
