"""Why tied players are ranked as they are: the final table's words for the
rulebook's tie-breaks (``State.tie_breaks``) among players of the same total."""

from __future__ import annotations

from housebuilders.core.state import State, TieBreak


def tie_notes(state: State) -> list[str]:
    """A sentence for each group of players with the same total at the end of
    ``state``: the tie-break that ranked them, in the rulebook's words with each
    player's value, or that they share a rank. Players are "player N", as in the
    games' log. Empty when no two totals are the same."""
    totals = [s["total"] for s in state.scores()]
    ranking = state.ranking()
    notes = []
    for total in sorted(set(totals), reverse=True):
        group = [p for p, t in enumerate(totals) if t == total]
        if len(group) > 1:
            points = state.spec.score_unit.format(total)  # "19 points", "$16,000"
            notes += _split(group, state.tie_breaks(), ranking, f"tie on {points}")
    return notes


def _split(group: list[int], rules: list[TieBreak], ranking: list[int], tied: str) -> list[str]:
    """The sentences for ``group``, tied so far (``tied`` says on what): the first
    tie-break that tells them apart, then the same for those it leaves tied."""
    who = _players(group)
    for at, rule in enumerate(rules):
        values = {p: rule.values[p] for p in group}
        if len(set(values.values())) == 1:
            continue
        best = max if rule.most else min
        ahead = [p for p in group if values[p] == best(values.values())]
        shown = ", ".join(f"{_player(p)}: {values[p]}" for p in group)
        notes = [f"{who} {tied}: {rule.label} ranks {_players(ahead)} ahead ({shown})"]
        for value in sorted(set(values.values()), reverse=rule.most):
            same = [p for p in group if values[p] == value]
            if len(same) > 1:
                notes += _split(same, rules[at + 1 :], ranking, f"also tie on {rule.label}")
        return notes
    rank = ranking[group[0]]
    if rules:
        return [f"{who} {tied} and on every tie-break: they share rank {rank}"]
    return [f"{who} {tied}: they share rank {rank}"]


def _player(p: int) -> str:
    return f"player {p}"


def _players(group: list[int]) -> str:
    names = [_player(p) for p in group]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
