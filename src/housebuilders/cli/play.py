"""``housebuilders list`` (the games and their options) and ``housebuilders play`` (a
game in the terminal against bots, or bots watched)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from housebuilders.agents import check_game
from housebuilders.agents.turn import make_agents
from housebuilders.arena import check_players, find_game, run
from housebuilders.cli.common import (
    KNOWN_BOTS,
    ContentOpt,
    GameArg,
    OptionOpt,
    UserError,
    bot_list,
    load_content,
    out_console,
    parse_options,
    user_errors,
)
from housebuilders.core import Action, GameSpec, State, game, game_ids


class Quit(BaseException):
    """The human player left the game (not an Exception: not a bot's error either)."""


# == list ====================================================================================
def list_games(
    game_id: Annotated[
        str | None,
        typer.Argument(metavar="GAME", help="Only this game (see the ids listed)."),
    ] = None,
) -> None:
    """List the games with their player counts, and each game's options: the KEY=VALUE
    that --option of play, simulate and tournament take."""
    with user_errors():
        specs = [find_game(game_id)] if game_id is not None else [game(g) for g in game_ids()]
    out = out_console()
    table = Table(title="Games")
    table.add_column("id", no_wrap=True)
    for column in ("name", "players", "rulebook", "options"):
        table.add_column(column)
    for spec in specs:
        players = f"{spec.min_players}-{spec.max_players}"
        names = ", ".join(o.name for o in spec.options) or "none"
        table.add_row(spec.id, spec.name, players, spec.rulebook, names)
    out.print(table)
    for spec in specs:
        if spec.options:
            out.print(options_table(spec))


def options_table(spec: GameSpec) -> Table:
    """A game's options: name, choices (the default first), default and what it means."""
    table = Table(title=f"{spec.id} options (--option KEY=VALUE)")
    table.add_column("option", no_wrap=True)
    table.add_column("choices", no_wrap=True)
    table.add_column("default", no_wrap=True)
    table.add_column("meaning")
    for o in spec.options:
        choices = sorted(o.choices, key=lambda choice: choice != o.default)  # the default first
        only = f" ({' or '.join(map(str, o.players))} players only)" if o.players else ""
        table.add_row(o.name, "\n".join(map(str, choices)), str(o.default), o.help + only)
    return table


# == play ====================================================================================
class HumanAgent:
    """The person at the keyboard: shown the table from their seat, they pick an action
    from a numbered menu. ``q`` (or the end of input) leaves the game."""

    name = "you"

    def __init__(self, console: Console) -> None:
        self.console = console

    def choose(self, view: State, player: int) -> Action:
        self.console.print(Text(draw(view.spec, view.observe(player))))
        actions = view.legal_actions(player)
        self.console.print(Text(f"Your move, player {player}:", style="bold"))
        for number, action in enumerate(actions, start=1):
            self.console.print(Text(f"  {number:>3}. {view.describe(action)}"))
        return actions[self._ask(len(actions)) - 1]

    def _ask(self, count: int) -> int:
        while True:
            try:
                answer = self.console.input(f"Choose 1-{count} (q to quit): ").strip()
            except EOFError:
                raise Quit from None
            if answer.lower() in ("q", "quit", "exit"):
                raise Quit
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer)
            self.console.print(Text(f"{answer!r} is not a number from 1 to {count}.", "yellow"))


class Narrator:
    """Prints the public log's new entries after each action (never the action itself,
    which may hold a secret such as a face-down marker's value)."""

    def __init__(self, console: Console, state: State) -> None:
        self.console = console
        self.shown = len(_log(state) or ())

    def __call__(self, state: State, player: int, action: Action) -> None:
        log = _log(state)
        if log is None:  # a game without a public log: say only who moved
            self.console.print(Text(f"  player {player} moved", style="dim"))
            return
        for entry in log[self.shown :]:
            self.console.print(Text(f"  {entry}", style="cyan"))
        self.shown = len(log)


def _log(state: State) -> list[str] | None:
    """The state's public event log, if the game keeps one."""
    return getattr(state, "log", None)


def draw(spec: GameSpec, observation: Mapping[str, Any]) -> str:
    """The observation through the game's text view (JSON if the game has none)."""
    if spec.text_view is not None:
        return spec.text_view(dict(observation))
    return json.dumps(observation, indent=2)


def seat_lineup(bots: list[str], players: int, seat: int | None) -> list[str | None]:
    """Bot names per seat (None: the human). Bots fill the other seats in order; if
    fewer are given than needed, the last one repeats."""
    if seat is not None and not 0 <= seat < players:
        raise UserError(f"--seat must be from 0 to {players - 1}, not {seat}")
    needed = players - (seat is not None)
    if len(bots) > needed:
        raise UserError(f"{len(bots)} bots given for {needed} bot seats (see --players)")
    names: list[str | None] = [*bots, *[bots[-1]] * (needed - len(bots))]
    if seat is not None:
        names.insert(seat, None)
    return names


def score_table(state: State, names: list[str]) -> Table:
    """Categories down, players across: the breakdown, the total, the rank and who
    won."""
    scores, ranking, winners = state.scores(), state.ranking(), state.winners()
    table = Table(title="Final scores")
    table.add_column("")
    for player, name in enumerate(names):
        table.add_column(f"P{player} {name}", justify="right")
    for category in scores[0]["breakdown"]:
        table.add_row(category, *(str(s["breakdown"][category]) for s in scores))
    table.add_row("total", *(str(s["total"]) for s in scores), style="bold")
    if "complete" in scores[0]:  # a game where an incomplete house loses
        table.add_row("complete house", *("yes" if s["complete"] else "no" for s in scores))
    table.add_row("rank", *(str(r) for r in ranking), style="bold")
    table.add_row("result", *("won" if p in winners else "lost" for p in range(len(names))))
    return table


def winners_line(state: State, names: list[str]) -> str:
    """Who won: one player, several sharing the win, or nobody (everyone lost)."""
    winners = [f"player {p} ({names[p]})" for p in state.winners()]
    if not winners:
        return "Everyone lost: nobody wins."
    if len(winners) == 1:
        return f"Winner: {winners[0]}."
    return "Winners, sharing the win: " + ", ".join(winners) + "."


def ranking_line(state: State, names: list[str]) -> str:
    ranking = state.ranking()
    order = sorted(range(len(ranking)), key=lambda p: (ranking[p], p))
    return "Ranking: " + ", ".join(f"{ranking[p]}. player {p} ({names[p]})" for p in order)


def play(
    game_id: GameArg,
    players: Annotated[
        int | None,
        typer.Option(
            help="Number of players (default: one per bot listed, plus you with --seat; "
            "at least the game's minimum)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(help="Your seat, from 0. Leave it out to watch the bots play each other."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots for the other seats in order, comma-separated, e.g. random,greedy "
            "or greedy:samples=4; the last one repeats if fewer are given. " + KNOWN_BOTS
        ),
    ] = "random",
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a random one).")] = None,
    content: ContentOpt = None,
    option: OptionOpt = None,
) -> None:
    """Play a game in the terminal against bots (or watch bots play).

    On your turn the table is drawn from your seat and your legal actions are listed;
    type a number to play one, q to leave. The bots' moves are narrated from the
    public log. At the end: the score breakdown and the ranking.
    """
    out = out_console()
    with user_errors():
        spec = find_game(game_id)
        names_given = bot_list(bots)
        if players is None:  # as many seats as the bots and the human fill
            players = max(spec.min_players, len(names_given) + (seat is not None))
        count = check_players(spec, players)
        lineup = seat_lineup(names_given, count, seat)
        seed = secrets.randbelow(2**31) if seed is None else seed
        state = spec.new_game(count, seed, parse_options(option, spec), load_content(content))
        agents = make_agents([HumanAgent(out) if n is None else n for n in lineup], seed)
        for agent in agents:  # greedy needs the game's heuristic: say so before the game
            check_game(agent, spec)
        names = [a.name for a in agents]
        out.print(
            Text(
                f"{spec.name}, seed {seed}: "
                + ", ".join(f"player {p} {n}" for p, n in enumerate(names)),
                style="bold",
            )
        )
        try:
            run(state, agents, seed, on_action=Narrator(out, state))
        except Quit:
            out.print("You left the game.")
            return
    if seat is None:
        out.print(Text(draw(spec, state.observe(None))))
    out.print(score_table(state, names))
    out.print(winners_line(state, names))
    out.print(ranking_line(state, names))
