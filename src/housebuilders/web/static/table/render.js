// Rendering a view, whole: the header and status line, the seats and their clocks,
// the board SVG with its live parts, the legal actions as buttons, and the buttons of
// the seat (undo, back, leave, rematch, name); the scores and log (scores.js), the
// hint (hints.js) and the chat form (chat.js) with them.

import { parseSvg } from "../drawing.js";
import { api as request } from "../http.js";
import { seatName } from "../naming.js";
import { scoreShort } from "../scoring.js";
import { hidePick, placeBoard } from "./board.js";
import { markChanged, snapshot } from "./changes.js";
import { noteMove, renderLastMove, showLastMove } from "./lastmove.js";
import { renderChatForm } from "./chat.js";
import { renderHint } from "./hints.js";
import { announceTurn } from "./notify.js";
import { remember } from "../mine.js";
import { DEBUG, SVG_NS, TABLE, TOKEN, body, el, seatAddress, state } from "./page.js";
import { listSeats, renderLog, renderScores } from "./scores.js";

const GROUP_THRESHOLD = 12; // more legal actions than this: group them and show the filter

export function render(view) {
  state.view = view;
  const terminal = Boolean(view.terminal) || view.status === "finished";
  const acting = view.acting || [];
  const mine = view.seat !== null && view.seat !== undefined;
  const yourTurn = mine && !terminal && acting.includes(view.seat);
  el.spectatorNote.hidden = mine;
  if (mine) keepSeat(view);

  body.dataset.terminal = terminal ? "true" : "false";
  body.dataset.logLength = String(view.log_length ?? 0);
  body.dataset.yourTurn = yourTurn ? "true" : "false";
  el.notifyBox.hidden = !mine || terminal;
  if (yourTurn && state.wasYourTurn === false) announceTurn(view);
  state.wasYourTurn = yourTurn;
  body.dataset.seat = mine ? String(view.seat) : "";

  document.title = `${yourTurn ? "● " : ""}${view.game_name || view.game} · table ${view.table}`;
  el.gameName.textContent = view.game_name || view.game || "";
  const me = mine ? (view.seats || [])[view.seat] : null;
  el.you.textContent = !mine ? "spectating" : me && me.name ? `you are ${seatName(me, view.seat)}` : `you are seat ${view.seat}`;

  // status line
  let status;
  if (terminal) status = "Game over";
  else if (view.status === "abandoned") {
    status = "Set aside: nobody moved or watched for a long while. A person's move brings it back once the server's bots are free";
  } else if (yourTurn) {
    // several seats choosing at once (Welcome To's rounds): say so
    const others = acting.length - 1;
    status = others > 0 ? `Your turn (${others} other${others > 1 ? "s" : ""} choosing too)` : "Your turn";
  } else if (acting.length === 0) status = "Waiting…";
  else {
    const others = acting.filter((s) => s !== view.seat);
    const infos = others.map((s) => (view.seats || [])[s] || {});
    const named = others.map((s, i) => (infos[i].kind === "bot" ? `${s} (${infos[i].bot || "bot"})` : String(s)));
    // a hundred seats choosing at once are counted, not listed; people by their names
    let who = named.length > 6 ? `${named.length} seats` : `seat${others.length > 1 ? "s" : ""} ${listSeats(named)}`;
    if (named.length <= 6 && infos.some((info) => info.name)) {
      who = listSeats(others.map((s, i) => (infos[i].name ? seatName(infos[i], s) : `seat ${named[i]}`)));
    }
    status = `Waiting for ${who}`;
    const open = others.filter((s) => ((view.seats || [])[s] || {}).open);
    if (open.length) status += `: seat ${listSeats(open.map(String))} is open, for whoever takes it from the lobby`;
  }
  el.status.textContent = status;
  el.status.classList.toggle("your-turn", yourTurn);
  el.status.classList.toggle("over", terminal);
  el.clockInfo.textContent = view.clock_minutes ? `turn clock: ${clockText(view.clock_minutes)}` : "";
  el.seedNote.hidden = !view.seed_given;

  renderSeats(view, acting, terminal);
  renderBoard(view, mine, yourTurn);
  renderLastMove(view);
  renderActions();
  renderButtons(view, terminal);
  renderScores(view, terminal);
  renderLog(view);
  renderHint(view, yourTurn);
  renderChatForm(view);
}

/**
 * This browser's list of tables (mine.js, shown in the lobby) keeps the seat's address,
 * and the next table's once the game is played again (the seat's token is its seat
 * there too), so a person finds every table they sat at from the lobby; a person
 * signed in to an account has it keep them too, for every device.
 */
function keepSeat(view) {
  const kept = `${view.table}/${view.rematch || ""}`;
  if (state.kept === kept) return;
  state.kept = kept;
  const me = (view.seats || [])[view.seat] || {};
  const seat = { seat: view.seat, kind: "human", name: me.name || null, url: seatAddress() };
  const opened = new Date().toISOString();
  remember({ table: TABLE, game: view.game, opened, seats: [seat], spectate: `/t/${TABLE}` });
  // signed in to an account (accounts.py: its flag cookie), the account holds the seat too
  const signedIn = document.cookie.split("; ").includes("hb_signed_in=1");
  if (signedIn) request("POST", "/api/me/tables", { table: TABLE, token: TOKEN });
  if (view.rematch) {
    const next = encodeURIComponent(view.rematch);
    const url = `/t/${next}#token=${encodeURIComponent(TOKEN)}`;
    remember({ table: view.rematch, game: view.game, opened, seats: [{ ...seat, url }], spectate: `/t/${next}` });
    if (signedIn) request("POST", "/api/me/tables", { table: view.rematch, token: TOKEN });
  }
}

function renderSeats(view, acting, terminal) {
  el.seats.replaceChildren();
  const scores = view.scores || [];
  for (const info of view.seats || []) {
    const li = document.createElement("li");
    li.className = "seat";
    if (!terminal && acting.includes(info.seat)) li.classList.add("acting");
    if (info.seat === view.seat) li.classList.add("mine");
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = seatName(info, info.seat);
    li.append(name);
    const who = document.createElement("span");
    who.className = "seat-kind";
    who.textContent = info.kind === "bot" ? `bot: ${info.bot || "bot"}` : info.seat === view.seat ? "you" : "person";
    li.append(who);
    if (info.resigned) {
      const resigned = document.createElement("span");
      resigned.className = "badge resigned";
      resigned.textContent = "resigned";
      li.append(resigned);
    }
    if (info.away) {
      const away = document.createElement("span");
      away.className = "badge away";
      away.textContent = view.clock_bot ? `away: ${view.clock_bot} plays` : "away";
      li.append(away);
    }
    if (scores[info.seat] && typeof scores[info.seat].total === "number") {
      const pts = document.createElement("span");
      pts.className = "seat-points";
      pts.textContent = scoreShort(view.score_unit, scores[info.seat].total);
      li.append(pts);
    }
    if (!terminal && acting.includes(info.seat) && info.deadline) {
      const clock = document.createElement("span");
      clock.className = "countdown";
      // the deadline on this browser's clock: the server says what time it was there
      const skew = typeof view.server_time === "number" ? Date.now() / 1000 - view.server_time : 0;
      clock.dataset.deadline = String(info.deadline + skew);
      li.append(clock);
    }
    el.seats.append(li);
  }
  tickClocks();
}

function clockText(minutes) {
  if (minutes >= 1440) return `${Math.round((minutes / 1440) * 10) / 10} day${minutes === 1440 ? "" : "s"} a move`;
  if (minutes >= 60) return `${Math.round((minutes / 60) * 10) / 10} h`;
  if (minutes >= 1) return `${Math.round(minutes * 10) / 10} min`;
  return `${Math.round(minutes * 60)} s`;
}

/** Time left on a clock: "4:05 left", "3 h 20 min left", "2 days 4 h left". */
export function leftText(seconds) {
  const m = Math.floor(seconds / 60);
  if (m >= 1440) return `${Math.floor(m / 1440)} day${m >= 2880 ? "s" : ""} ${Math.floor((m % 1440) / 60)} h left`;
  if (m >= 60) return `${Math.floor(m / 60)} h ${m % 60} min left`;
  return `${m}:${String(Math.floor(seconds % 60)).padStart(2, "0")} left`;
}

export function tickClocks() {
  const now = Date.now() / 1000;
  for (const node of el.seats.querySelectorAll(".countdown")) {
    const left = Math.max(0, Number(node.dataset.deadline) - now);
    node.textContent = leftText(left);
    node.classList.toggle("low", left < 30);
  }
}

/**
 * The board, redrawn when it changed. What changed since the seat's last turn is
 * marked (changes.js): a seat compares with the board as it was on its own turn (kept
 * while the others play), a spectator with the last board. The last move's parts are
 * outlined (lastmove.js), whoever looks.
 */
function renderBoard(view, mine, yourTurn) {
  const moved = noteMove(view);
  const svgText = typeof view.svg === "string" ? view.svg : "";
  if (svgText === state.lastSvg && moved) showLastMove(el.board.querySelector("svg"), true, null);
  if (svgText !== state.lastSvg) {
    state.lastSvg = svgText;
    const svg = svgText ? parseSvg(svgText) : null;
    if (svg) {
      svg.setAttribute("role", "img");
      if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", `${view.game_name || view.game} board`);
      hidePick();
      const seen = snapshot(svg);
      placeBoard(svg); // on the page first: the last move's boxes are measured there
      el.board.dataset.changed = String(markChanged(svg, state.seenBoard)); // how many
      if (!mine || yourTurn || view.terminal) state.seenBoard = seen;
      showLastMove(svg, moved, seen);
    } else {
      placeBoard(null);
      el.board.hidden = true;
    }
  }
  // Without a picture, the raw observation is the board; with one, it is for debugging.
  const noPicture = el.board.hidden;
  el.observationBox.hidden = !(noPicture || DEBUG);
  el.observationBox.open = noPicture;
  el.observation.textContent = JSON.stringify(view.observation ?? {}, null, 2);
  markLiveParts(view);
}

/** Make the SVG parts that stand for a legal action clickable (and keyboard-usable). */
export function markLiveParts(view) {
  const legal = new Map((view.legal_actions || []).map((a) => [a.index, a]));
  for (const node of el.board.querySelectorAll("[data-index]")) {
    const index = Number(node.getAttribute("data-index"));
    const action = legal.get(index);
    const live = Boolean(action) && !state.busy;
    node.classList.toggle("live", live);
    node.classList.toggle("hinted", Boolean(action) && state.hint !== null && state.hint.index === index);
    if (live) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", action.text);
      if (!node.querySelector(":scope > title")) {
        const title = document.createElementNS(SVG_NS, "title");
        title.textContent = action.text;
        node.prepend(title);
      }
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
  }
}

function actionGroup(text) {
  const word = String(text).trim().split(/\s+/)[0] || "other";
  return word.toLowerCase();
}

export function renderActions() {
  const view = state.view;
  const actions = (view && view.legal_actions) || [];
  const terminal = view && (view.terminal || view.status === "finished");
  el.actions.replaceChildren();
  el.actions.classList.toggle("busy", state.busy);
  el.board.classList.toggle("busy", state.busy);
  if (view) markLiveParts(view);

  const long = actions.length > GROUP_THRESHOLD;
  el.filter.hidden = !long;
  if (!long) el.filter.value = "";
  el.actionsHeading.textContent = view && view.seat !== null && view.seat !== undefined ? "Your move" : "Moves";

  if (actions.length === 0) {
    const p = document.createElement("p");
    p.className = "muted";
    if (!view) p.textContent = "Loading…";
    else if (terminal) p.textContent = "The game is over.";
    else if (view.seat === null || view.seat === undefined) p.textContent = "You are watching this table.";
    else p.textContent = "Nothing to do now: wait for the other seats.";
    el.actions.append(p);
    el.actionCount.textContent = "";
    return;
  }

  const words = el.filter.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = actions.filter((a) => words.every((w) => String(a.text).toLowerCase().includes(w)));
  el.actionCount.textContent = long ? `${shown.length} of ${actions.length}` : "";

  const groups = new Map();
  for (const a of shown) {
    const key = actionGroup(a.text);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  const grouped = long && groups.size > 1 && groups.size <= 12;
  for (const [key, list] of grouped ? groups : new Map([["", shown]])) {
    if (grouped) {
      const h = document.createElement("h3");
      h.className = "group";
      h.textContent = `${key} (${list.length})`;
      el.actions.append(h);
    }
    const box = document.createElement("div");
    box.className = "action-group";
    for (const a of list) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "action";
      b.dataset.index = String(a.index);
      b.textContent = a.text;
      b.disabled = state.busy;
      if (state.hint && state.hint.index === a.index) b.classList.add("hinted");
      box.append(b);
    }
    el.actions.append(box);
  }
  if (shown.length === 0) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "No action matches the filter.";
    el.actions.append(p);
  }
}

function renderButtons(view, terminal) {
  const mine = view.seat !== null && view.seat !== undefined;
  el.undo.hidden = !(mine && view.can_undo);
  const seatInfo = mine ? (view.seats || [])[view.seat] : null;
  const playing = seatInfo && !seatInfo.resigned && !terminal;
  el.back.hidden = !(playing && seatInfo.away);
  el.leave.hidden = !(playing && !seatInfo.away);
  renderSteps(view, playing);
  // once over: the next game, the same seats (a person's token is their seat there too)
  el.rematchBox.hidden = !(terminal && (mine || view.rematch));
  el.rematch.hidden = !mine;
  el.rematch.textContent = view.rematch ? "Join the next game" : "Play again";
  el.rematch.disabled = state.busy;
  el.rematchWatch.hidden = mine || !view.rematch;
  if (view.rematch) el.rematchWatch.href = `/t/${encodeURIComponent(view.rematch)}`;
  el.leave.disabled = state.busy;
  el.awayNote.hidden = el.back.hidden;
  el.nameForm.hidden = !(seatInfo && !seatInfo.name && !terminal); // a person without a name
  el.undo.disabled = state.busy;
  el.back.disabled = state.busy;
}

// Resign and the vote to abandon (the header's seat tools), and who votes to abandon.
function renderSteps(view, playing) {
  const seats = view.seats || [];
  const people = seats.filter((s) => s.kind === "human" && !s.resigned && !s.open);
  const votes = people.filter((s) => s.abandon);
  const me = playing ? seats[view.seat] : null;
  el.resign.hidden = !me;
  el.abandon.hidden = !me;
  // on a phone the steps are behind one button (the header's "Game ▾")
  el.seatMenuToggle.hidden = !(seats[view.seat] && !view.terminal);
  if (el.seatMenuToggle.hidden) el.seatMenu.classList.remove("open");
  el.resign.disabled = state.busy;
  el.abandon.disabled = state.busy;
  if (me) {
    const count = `(${votes.length} of ${people.length})`;
    if (me.abandon) el.abandon.textContent = `Withdraw my vote to abandon ${count}`;
    else el.abandon.textContent = votes.length ? `Agree to abandon ${count}` : "Vote to abandon";
  }
  const open = votes.length > 0 && !view.terminal;
  el.abandonNote.hidden = !open;
  if (open) {
    const who = votes.map((s) => (s.seat === view.seat ? "you" : seatName(s, s.seat)));
    el.abandonNote.textContent =
      `To abandon the game: ${listSeats(who)} ${votes.length === 1 && who[0] !== "you" ? "votes" : "vote"}` +
      ` (${votes.length} of ${people.length}); when everyone agrees it ends with no winner.`;
  }
}
