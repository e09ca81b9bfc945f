"""The API's answers, as the OpenAPI document declares them (its requests are in
``schemas.py``): what the server sends back for each route, and the links that lead
from one answer to the next request."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


# -- what the server answers ----------------------------------------------------------------
class OptionPublic(BaseModel):
    name: str
    default: Any
    choices: list[Any] = Field(description="the values it takes, as POST /api/tables takes them")
    help: str
    players: list[int] = Field(
        description="the player counts its other choices are for (empty: every count)"
    )


class GamePublic(BaseModel):
    id: str
    name: str
    min_players: int
    max_players: int
    options: list[OptionPublic] = Field(description="its variants and house rules")


class GamesPublic(BaseModel):
    games: list[GamePublic]
    bots: list[str] = Field(description="the bots the lobby offers")
    game_bots: dict[str, list[str]] = Field(
        description="per game, the bots the lobby offers at its seats: those, and the "
        "learned bot where the package ships a policy for the game"
    )
    bot_hints: dict[str, str] = Field(
        description="each offered bot's strength in a word: beginner, casual or strong"
    )
    game_bot_hints: dict[str, dict[str, str]] = Field(
        description="per game, each offered bot's strength in a word, the words dealt "
        "in the order the game's ladder rated the bots (docs/bots.md, The ladder)"
    )


class SeatSummaryPublic(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None = Field(description="a person's name, if the seat was given one")
    open: bool = Field(description="nobody has this person's seat yet: anyone may take it")
    resigned: bool = Field(False, description="the person resigned: the seat lost")


class LobbySeatPublic(SeatSummaryPublic):
    deadline: float | None = Field(
        description="when this person's turn clock runs out, while the table waits for "
        "them (Unix time, as stored)"
    )


class TableSummaryPublic(BaseModel):
    table: str
    game: str
    players: int
    status: Literal["playing"]
    created: str = Field(description="when it was opened (ISO 8601)")
    seats: list[LobbySeatPublic]


class TablesPublic(BaseModel):
    tables: list[TableSummaryPublic]


class SeatViewPublic(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None = Field(description="a person's name, if the seat was given one")
    away: bool = Field(description="the clock bot plays for this person")
    resigned: bool = Field(
        description="this person resigned: the seat loses, the clock bot plays its turns"
    )
    abandon: bool = Field(description="this person votes to abandon the game")
    open: bool = Field(
        description="nobody has this person's seat yet: anyone may take it from the lobby, "
        "and the game waits for them on its turns"
    )
    deadline: float | None = Field(description="when this person's time runs out (Unix time)")


class LegalActionPublic(BaseModel):
    index: int = Field(description="the game's action index: send it back to play it")
    text: str
    action: dict[str, Any] = Field(description="the action as JSON (also playable)")


class ScoreUnitPublic(BaseModel):
    """What a game's scores count (``core.spec.ScoreUnit``): a total is written
    prefix + total x factor, with thousands separated ("-$36,000"), when there is a
    prefix; else total x factor then ``one`` or ``many`` ("36 points")."""

    one: str = Field(description="the unit of a total of 1 or -1: 'point'")
    many: str = Field(description="the unit of any other total: 'points'")
    prefix: str = Field(description="written before the amount, with no unit after: '$'")
    factor: int = Field(description="what one unit of the scores is worth in the unit written")


class ViewPublic(BaseModel):
    """What a seat sees; a spectator (seat null) sees what is public."""

    table: str
    game: str
    game_name: str
    seat: int | None
    status: Literal["playing", "finished", "abandoned", "void"] = Field(
        description="finished: by the rules, or resignations left one seat; abandoned: set "
        "aside (no move and nobody watching: a person's return resumes it); void: every "
        "person agreed to abandon it (no winner)"
    )
    seats: list[SeatViewPublic]
    observation: dict[str, Any] = Field(description="the game's state.observe(seat)")
    legal_actions: list[LegalActionPublic] = Field(description="empty unless the seat acts")
    acting: list[int] = Field(description="the seats to act now")
    terminal: bool
    scores: list[Any] | None = Field(description="at the end: each seat's score (the game's)")
    score_unit: ScoreUnitPublic = Field(
        description="what the scores count, to write a total as the game does: points, "
        "or money ('$' before the amount, each unit worth 1000 dollars)"
    )
    ranking: list[int] | None = Field(
        description="at the end: each seat's place, 1 first (a seat that resigned ranks "
        "last; empty when abandoned by agreement)"
    )
    winners: list[int] | None = Field(
        description="at the end: the seats that won (several share the win; empty when "
        "everyone lost, as in Mr House advanced when no house is complete)"
    )
    ended_by: Literal["resignation", "agreement"] | None = Field(
        None,
        description="how the table ended if not by the game's rules: resignations left "
        "one seat (it wins), or every person agreed to abandon it (no winner, no ranking)",
    )
    log_length: int
    last_mover: int | None = Field(
        description="the seat that made the last move this seat knows was made (null "
        "before the first): the page names it with the last move's log lines"
    )
    events: list[Any] = Field(description="the public log")
    svg: str | None = Field(description="the game's drawing (with svg=true)")
    can_undo: bool
    clock_minutes: float | None
    clock_bot: str | None
    rematch: str | None = Field(
        description="the table of the next game with the same seats, once someone asked "
        "for it: each person's token is their seat there too"
    )
    tie_breaks: list[str] | None = Field(
        None,
        description="at the end: for each group of seats with the same total, the "
        "rulebook's tie-break that ranked them, or that they share a rank (the games' "
        "words: 'player 0 and player 2 tie on 19 points: ...')",
    )
    hints: bool = Field(description="the table was opened with hints: a seat may ask for one")
    seed_given: bool = Field(
        description="the table was opened with a seed that someone chose: whoever knows it "
        "can foresee the cards and dice (else the server drew a secret nobody is told "
        "before the end)"
    )
    server_time: float = Field(description="the server's clock (Unix time), for deadlines")


class ChatMessagePublic(BaseModel):
    id: int = Field(description="the message's number: higher is later")
    seat: int = Field(description="the seat whose person said it")
    text: str = Field(description="what they said (plain text: show it as text, never markup)")
    time: str = Field(description="when (ISO 8601)")


class ChatPublic(BaseModel):
    messages: list[ChatMessagePublic] = Field(description="the last messages, oldest first")


class HintMovePublic(BaseModel):
    index: int = Field(description="the game's action index: play it with it")
    text: str
    score: float | None = Field(
        description="the greedy bot's score of the move: the game's heuristic one move "
        "ahead, higher is better for you (null if not a finite number)"
    )
    gains: str = Field(
        description="what the move gains you, in the game's words: points by the score's "
        "parts, then what you have that it changes (money, materials, the house's parts: "
        "'+2 points (roofs +2); wood 3 → 1')"
    )
    chance: bool = Field(
        description="the move draws or rolls: its gains are one way it may turn out"
    )


class HintPublic(HintMovePublic):
    """The greedy bot's move for your seat, worked out on your view alone."""

    action: dict[str, Any] = Field(description="the move as JSON (also playable)")
    why: str = Field(
        description="why this move, in the game's words: what it and the next best gain"
    )
    next_best: list[HintMovePublic] = Field(description="the next best moves, best first")
    log_length: int = Field(description="the view's log_length it was worked out on")


class LogPublic(BaseModel):
    table: str
    game: str
    players: int
    status: Literal["playing", "finished", "abandoned", "void"] = Field(
        description="finished: by the rules, or resignations left one seat; abandoned: set "
        "aside (no move and nobody watching: a person's return resumes it); void: every "
        "person agreed to abandon it (no winner)"
    )
    seat: int | None = Field(description="whose log this is (null: a spectator's)")
    options: dict[str, Any]
    seed: int | None = Field(
        None, description="the game's seed: only once the game is over, for replays"
    )
    secret: str | None = Field(
        None,
        description="once the game is over, the 128-bit secret (hex) the server drew and "
        "derived the seed from (housebuilders.seed_from_secret); null if the seed was given",
    )
    actions: list[Any] = Field(
        description="[player, action] pairs, in order, as the seat may know them: while "
        "the game is on, another seat's hidden action is null and the others' unseen "
        "choices of a simultaneous phase are left out; once it is over, all of them"
    )


# -- looking back: the archive of finished games and their replays ------------------------
class ArchivedTablePublic(BaseModel):
    table: str
    game: str
    game_name: str
    players: int
    seats: list[SeatSummaryPublic]
    scores: list[int] = Field(description="each seat's final score total")
    winners: list[int] = Field(
        description="the seats that won (empty: everyone lost, or abandoned by agreement)"
    )
    ranking: list[int] = Field(
        description="each seat's place, 1 first: a seat that resigned ranks last (empty: "
        "abandoned by agreement)"
    )
    ended_by: Literal["resignation", "agreement"] | None = Field(
        None, description="how it ended if not by the game's rules (see the view)"
    )
    created: str = Field(description="when it was opened (ISO 8601)")
    finished: str = Field(description="when its last move was made (ISO 8601)")
    replay: str = Field(description="the replay page")


class ArchivePublic(BaseModel):
    tables: list[ArchivedTablePublic] = Field(description="the last finished first")
    page: int
    pages: int = Field(description="how many pages there are (at least 1)")
    total: int = Field(description="how many finished games are listed, on all pages")


class ReplayMovePublic(BaseModel):
    player: int
    text: str = Field(description="the action, as the game says it")


class ReplayPublic(BaseModel):
    """A finished game, for its replay: who sat where, every move and every seat's
    score total after each step (step 0: the deal; step k: after k moves)."""

    table: str
    game: str
    game_name: str
    players: int
    seats: list[SeatSummaryPublic]
    options: dict[str, Any]
    seed: int
    secret: str | None = Field(
        description="the secret (hex) the seed was derived from, null if it was given"
    )
    steps: int = Field(description="the number of moves: the steps are 0 to this")
    moves: list[ReplayMovePublic] = Field(description="move k leads from step k-1 to step k")
    totals: list[list[int]] = Field(description="per step, 0 to steps: each seat's total")
    score_unit: ScoreUnitPublic = Field(description="what the totals count (as in the view)")
    winners: list[int]
    ranking: list[int]
    ended_by: Literal["resignation", "agreement"] | None = None


class ReplayStepPublic(BaseModel):
    """The game after ``step`` moves as ``seat`` (null: a spectator) saw it."""

    table: str
    game: str
    step: int
    steps: int
    seat: int | None
    move: ReplayMovePublic | None = Field(description="the move that led here (none at 0)")
    observation: dict[str, Any] = Field(description="the game's state.observe(seat) then")
    svg: str | None = Field(description="the game's drawing of it (with svg=true)")
    events: list[Any] = Field(description="the public log up to this step")
    scores: list[Any] = Field(description="each seat's score then (the game's)")
    acting: list[int] = Field(description="the seats to act then")
    terminal: bool


class CostlyMovePublic(BaseModel):
    """One of a seat's costliest moves: the move played, the move the review's bot (the
    strong bot) preferred on the seat's view then, and the seat's chance to win after
    each."""

    step: int = Field(description="the move's number: it leads from step-1 to step")
    seat: int
    played: str = Field(description="the move played, in the game's words")
    preferred: str = Field(description="the move the review's bot preferred")
    played_chance: float = Field(description="the seat's chance to win after the move played")
    preferred_chance: float = Field(description="... after the move preferred")
    lost: float = Field(description="preferred_chance - played_chance, above 0 as shown")
    played_gains: str = Field(description="what the move played gains the seat, in words")
    preferred_gains: str = Field(description="what the move preferred would have gained")


class ReviewPublic(BaseModel):
    """A finished game's review: pending until worked out (in the background), then
    each seat's chance to win after every step and each seat's costliest moves."""

    table: str
    status: Literal["pending", "ready"]
    chances: list[list[float]] | None = Field(
        None, description="per step, 0 to steps: each seat's chance to win, in [0, 1]"
    )
    costliest: list[CostlyMovePublic] | None = Field(
        None,
        description="each seat's (at most 3) costliest moves, seat by seat, the costliest first",
    )
    bot: str | None = Field(
        None,
        description="the bot whose moves are preferred, e.g. 'ismcts:iterations=100' (none "
        "in a review stored before it was named: the greedy bot's)",
    )
    samples: int | None = Field(None, description="determinizations each chance averages")
    seconds: float | None = Field(None, description="how long it took to work out")


class WhyPublic(BaseModel):
    """Whether an action is legal for the seat now and, if not, the rule that forbids
    it: worked out on what the seat may know (nothing is played)."""

    legal: bool
    text: str = Field(description="the action in words")
    error: str | None = Field(description="why it is not legal now, for a person to read")
    rule: str | None = Field(description="the rule it breaks, e.g. 'mr-house-basic §Movement'")


#: a piece of text and its style: never markup
RulesPiece = tuple[str, Literal["", "bold", "code"]]


class RulesBlockPublic(BaseModel):
    kind: Literal["p", "ul", "ol", "table"] = Field(description="a paragraph, a list or a table")
    items: list[list[RulesPiece]] = Field(
        default_factory=list,
        description="a paragraph's one item or a list's items, each as pieces of text "
        "(text, style): never markup (a table has none)",
    )
    numbers: list[int] | None = Field(None, description="an ordered list's numbers")
    head: list[list[RulesPiece]] | None = Field(
        None, description="a table's column headings, each as pieces of text"
    )
    rows: list[list[list[RulesPiece]]] | None = Field(
        None, description="a table's rows: each a list of cells, each as pieces of text"
    )


class RulesSectionPublic(BaseModel):
    title: str
    blocks: list[RulesBlockPublic]


class RulesPublic(BaseModel):
    """A game's rules for its players: how a turn goes, the scoring, the rulings."""

    game: str
    name: str
    sections: list[RulesSectionPublic]


# -- links: how one answer leads to the next request (clients and schemathesis follow them) --
def _link(operation: str, description: str, **parameters: str) -> dict[str, Any]:
    return {"operationId": operation, "description": description, "parameters": parameters}


def _seat_links(table: str, token: str) -> dict[str, Any]:
    """The requests a seat makes at the table named by ``table`` with ``token``."""
    where = {"table_id": table, "token": token}
    return {
        "view": _link("view_table", "what the seat sees", **where),
        "undo": _link("undo_action", "take back the seat's last move", **where),
        "back": _link("come_back", "take the seat back from the clock bot", **where),
        "log": _link("table_log", "the table's log as the seat knows it", **where),
    }


def _play_link(view: str) -> dict[str, Any]:
    """Play the first legal action of the view answered."""
    link = _link("play_action", "play the first legal action", table_id=f"{view}#/table")
    link["parameters"]["token"] = "$request.query.token"
    link["requestBody"] = {
        "index": f"{view}#/legal_actions/0/index",
        "log_length": f"{view}#/log_length",
    }
    return link


#: after opening a table: seat 0's requests (a person's seat has its token)
CREATED_LINKS = _seat_links("$response.body#/table", "$response.body#/seats/0/token")
#: after a view (or a move): the same seat's next requests, and its first legal move
VIEW_LINKS = {
    **_seat_links("$response.body#/table", "$request.query.token"),
    "play": _play_link("$response.body"),
}
