// The table page: one seat's (or a spectator's) live view of a game.
//
// Reads the table id and the seat token from <body data-table data-token>, fetches
// the view, then listens on the websocket (falling back to polling every 2 s while
// the socket is down). Every view is rendered whole: header, board SVG, legal
// actions as buttons, log, scores. Clicking an SVG part with data-index or an
// action button POSTs {"index": i}. The chat comes with the page (GET .../chat) and
// then over the same websocket ({"type": "chat"}); the hint button (at a table opened
// with hints) asks for the greedy bot's move and marks it on the board.

import { parseSvg } from "./drawing.js";
import { errorText, api as request } from "./http.js";
import { seatName, withSeatNames } from "./naming.js";

const body = document.body;
const TABLE = body.dataset.table;
// `?debug` in the address shows the raw observation under a drawn board too
const DEBUG = new URLSearchParams(location.search).has("debug");
const TOKEN = seatToken();
const POLL_MS = 2000;
const GROUP_THRESHOLD = 12; // more legal actions than this: group them and show the filter
const SVG_NS = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
const el = {
  gameName: $("game-name"),
  you: $("you"),
  status: $("status"),
  clockInfo: $("clock-info"),
  seedNote: $("seed-note"),
  connection: $("connection"),
  seats: $("seats"),
  board: $("board"),
  observationBox: $("observation-box"),
  observation: $("observation"),
  message: $("message"),
  actionsHeading: $("actions-heading"),
  filter: $("action-filter"),
  actionCount: $("action-count"),
  actions: $("actions"),
  undo: $("undo"),
  back: $("back"),
  leave: $("leave"),
  rematchBox: $("rematch-box"),
  rematch: $("rematch"),
  rematchWatch: $("rematch-watch"),
  awayNote: $("away-note"),
  notifyBox: $("notify-box"),
  notify: $("notify"),
  nameForm: $("name-form"),
  nameInput: $("name-input"),
  scores: $("scores"),
  scoresHeading: $("scores-heading"),
  log: $("log"),
  pick: $("pick"),
  pickActions: $("pick-actions"),
  pickCancel: $("pick-cancel"),
  hint: $("hint"),
  hintBox: $("hint-box"),
  chatLog: $("chat-log"),
  chatForm: $("chat-form"),
  chatInput: $("chat-input"),
  chatError: $("chat-error"),
  chatNote: $("chat-note"),
};

const state = {
  view: null,
  busy: false,
  wsViews: 0, // views received on the websocket so far
  ws: null,
  wsOpen: false,
  wsFailures: 0,
  pollTimer: null,
  lastSvg: null,
  wasYourTurn: null, // the last view's: a turn that starts (false -> true) is announced
  chat: new Map(), // the chat messages shown, by id
  chatNames: "", // the seats' names the chat was shown with
  hint: null, // the hint shown (for the view of its log_length), or null
  hinting: false,
  refused: false, // the server refused this page for good (no such table, not a seat)
};

/**
 * The seat's secret token. It comes in the address (?token=...): the page keeps it in
 * this tab's sessionStorage and takes it out of the address bar, so that it is not
 * shown, bookmarked or shared by accident. A reload of the tab (or going back to it)
 * finds it there; opening the table's address afresh, as the spectator link does,
 * spectates.
 */
function tokenKey() {
  return `housebuilders.token.${TABLE}`;
}

function seatToken() {
  const key = tokenKey();
  const given = body.dataset.token || "";
  const url = new URL(location.href);
  if (url.searchParams.has("token")) {
    url.searchParams.delete("token");
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  const [navigation] = performance.getEntriesByType("navigation");
  const again = navigation && ["reload", "back_forward"].includes(navigation.type);
  try {
    if (given) sessionStorage.setItem(key, given);
    return given || (again && sessionStorage.getItem(key)) || "";
  } catch {
    return given; // storage refused (private mode): a reload spectates
  }
}

// == HTTP ===============================================================================
function withToken(path) {
  return TOKEN ? `${path}?token=${encodeURIComponent(TOKEN)}` : path;
}

/** `http.js`'s api, with this seat's token. */
function api(method, path, payload) {
  return request(method, withToken(path), payload);
}

const base = `/api/tables/${encodeURIComponent(TABLE)}`;

async function refresh() {
  const r = await api("GET", `${base}/view`);
  if (r.ok && r.data) {
    render(r.data);
  } else if (r.network) {
    setConnection("offline");
  } else if (r.status === 404) {
    refuse(404, "There is no such table.");
  } else if (r.status === 403) {
    refuse(403, "This link is not a seat at this table.");
  }
  return r;
}

/**
 * The server refused this page for good: 404 (no such table) or 403 (the token is not
 * a seat's), from the view (HTTP) or the websocket (closed with 4404 or 4403). The page
 * stops asking, forgets the token kept for the tab (so that a reload spectates), says so
 * instead of "Connecting…" and offers a way out: the lobby and, for a table that
 * exists, watching it without the token.
 */
function refuse(status, text) {
  if (state.refused) return;
  state.refused = true;
  stopPolling();
  if (state.ws) state.ws.close();
  state.ws = null;
  state.wsOpen = false;
  setConnection("offline");
  try {
    sessionStorage.removeItem(tokenKey());
  } catch {
    // storage refused: nothing was kept
  }
  body.dataset.refused = String(status);
  el.status.textContent = text;
  el.status.classList.remove("your-turn", "over");
  el.you.textContent = status === 403 ? "not a seat" : "";
  el.message.className = "message error";
  const links = document.createElement("p");
  links.className = "refused-links";
  if (status === 403) {
    const watch = document.createElement("a");
    watch.className = "button";
    watch.id = "refused-spectate";
    watch.href = `/t/${encodeURIComponent(TABLE)}`;
    watch.textContent = "Watch this table";
    links.append(watch, " ");
  }
  const lobby = document.createElement("a");
  lobby.className = "button primary";
  lobby.id = "refused-lobby";
  lobby.href = "/";
  lobby.textContent = "Go to the lobby";
  links.append(lobby);
  const line = document.createElement("p");
  line.textContent = text;
  el.message.replaceChildren(line, links);
  el.message.hidden = false;
}

/** POST to the table (an action, undo, back) and render the view it returns. */
async function post(path, payload, { successClears = true } = {}) {
  if (state.busy) return;
  setBusy(true);
  const wsBefore = state.wsViews;
  const r = await api("POST", `${base}/${path}`, payload);
  setBusy(false);
  if (r.ok && r.data) {
    if (successClears) clearMessage();
    el.filter.value = "";
    // When the websocket delivered a view meanwhile, it is at least as new as this
    // answer (and the socket will push the view after our change anyway), unless it
    // came from another seat's move made just before ours (simultaneous choices).
    const newer = (r.data.log_length ?? 0) > ((state.view && state.view.log_length) ?? 0);
    if (!state.wsOpen || state.wsViews === wsBefore || newer) render(r.data);
    else renderActions(); // re-enable buttons for the current view
    return;
  }
  if (r.network) {
    showMessage("Could not reach the server. Check your connection; the page will catch up when it is back.", "notice");
    setConnection("offline");
    return;
  }
  showMessage(refusalText(r), "error");
  // The move may have been stale (someone else acted first): catch up.
  await refresh();
}

function refusalText(r) {
  return `Refused: ${errorText(r)}`;
}

function act(index) {
  if (!state.view || state.busy) return;
  const known = (state.view.legal_actions || []).some((a) => a.index === index);
  if (!known) return;
  // log_length: the server refuses (409) a click on a view the table has moved past.
  // Not while this seat chooses together with others (Welcome To's rounds): their
  // choices, made meanwhile, do not change this seat's, and nobody should have to wait
  // for the others' clicks to arrive before their own counts. The server still checks
  // that the move is legal.
  const acting = state.view.acting || [];
  const together = acting.length > 1 && acting.includes(state.view.seat);
  post("actions", together ? { index } : { index, log_length: state.view.log_length });
}

// == live updates =======================================================================
function connect() {
  if (state.refused) return;
  if (!("WebSocket" in window)) {
    startPolling();
    return;
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  let url = `${scheme}//${location.host}/ws/tables/${encodeURIComponent(TABLE)}`;
  if (TOKEN) url += `?token=${encodeURIComponent(TOKEN)}`;
  let ws;
  try {
    ws = new WebSocket(url);
  } catch (err) {
    scheduleReconnect();
    return;
  }
  state.ws = ws;
  ws.addEventListener("open", () => {
    state.wsOpen = true;
    state.wsFailures = 0;
    stopPolling();
    setConnection("live");
    loadChat(); // what was said while the socket was down
  });
  ws.addEventListener("message", (event) => {
    let msg;
    try {
      msg = JSON.parse(event.data);
    } catch (err) {
      return;
    }
    if (msg && msg.type === "view" && msg.view) {
      state.wsViews += 1;
      render(msg.view);
    } else if (msg && msg.type === "chat" && msg.message) {
      addChat([msg.message]);
    } else if (msg && msg.type === "error" && msg.error) {
      showMessage(`Server: ${msg.error}`, "notice");
    }
  });
  ws.addEventListener("close", (event) => {
    if (state.ws !== ws) return;
    state.ws = null;
    state.wsOpen = false;
    state.wsFailures += 1;
    // refused for good (4000 + the HTTP status): no such table, or not this seat's link
    const refused = { 4403: "This link is not a seat at this table.", 4404: "There is no such table." };
    if (refused[event.code]) {
      refuse(event.code - 4000, event.reason || refused[event.code]);
      return;
    }
    if (state.refused) return;
    startPolling(); // 4429 (too many live connections) or the server away: poll, retry
    scheduleReconnect();
  });
  ws.addEventListener("error", () => {
    // "close" follows and handles it
  });
}

function scheduleReconnect() {
  const delay = Math.min(30000, 1000 * 2 ** Math.min(state.wsFailures, 5));
  setTimeout(connect, delay);
}

function startPolling() {
  if (state.pollTimer || state.refused) return;
  setConnection("polling");
  state.pollTimer = setInterval(() => {
    if (state.refused) return stopPolling();
    if (!state.busy) refresh();
    loadChat();
  }, POLL_MS);
}

function stopPolling() {
  if (state.pollTimer) clearInterval(state.pollTimer);
  state.pollTimer = null;
}

function setConnection(mode) {
  const text = { live: "● live", polling: "○ updating every 2 s", offline: "○ offline" }[mode] || "";
  el.connection.textContent = text;
  el.connection.className = `connection ${mode}`;
}

// == rendering ==========================================================================
function seatLabel(view, seat) {
  const info = (view.seats || [])[seat] || {};
  let label = seatName(info, seat);
  if (info.kind === "bot") label += ` (${info.bot || "bot"})`;
  if (view.seat === seat) label += " (you)";
  return label;
}

function listSeats(seats) {
  const names = seats.map(String);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function render(view) {
  state.view = view;
  const terminal = Boolean(view.terminal) || view.status === "finished";
  const acting = view.acting || [];
  const mine = view.seat !== null && view.seat !== undefined;
  const yourTurn = mine && !terminal && acting.includes(view.seat);

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
  }
  el.status.textContent = status;
  el.status.classList.toggle("your-turn", yourTurn);
  el.status.classList.toggle("over", terminal);
  el.clockInfo.textContent = view.clock_minutes ? `turn clock: ${clockText(view.clock_minutes)}` : "";
  el.seedNote.hidden = !view.seed_given;

  renderSeats(view, acting, terminal);
  renderBoard(view);
  renderActions();
  renderButtons(view, terminal);
  renderScores(view, terminal);
  renderLog(view);
  renderHint(view, yourTurn);
  renderChatForm(view);
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
    if (info.away) {
      const away = document.createElement("span");
      away.className = "badge away";
      away.textContent = view.clock_bot ? `away: ${view.clock_bot} plays` : "away";
      li.append(away);
    }
    if (scores[info.seat] && typeof scores[info.seat].total === "number") {
      const pts = document.createElement("span");
      pts.className = "seat-points";
      pts.textContent = `${scores[info.seat].total} pts`;
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
  if (minutes >= 1) return `${Math.round(minutes * 10) / 10} min`;
  return `${Math.round(minutes * 60)} s`;
}

function tickClocks() {
  const now = Date.now() / 1000;
  for (const node of el.seats.querySelectorAll(".countdown")) {
    const left = Math.max(0, Number(node.dataset.deadline) - now);
    const m = Math.floor(left / 60);
    const s = Math.floor(left % 60);
    node.textContent = `${m}:${String(s).padStart(2, "0")} left`;
    node.classList.toggle("low", left < 30);
  }
}

function renderBoard(view) {
  const svgText = typeof view.svg === "string" ? view.svg : "";
  if (svgText !== state.lastSvg) {
    state.lastSvg = svgText;
    const svg = svgText ? parseSvg(svgText) : null;
    if (svg) {
      svg.setAttribute("role", "img");
      if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", `${view.game_name || view.game} board`);
      el.board.replaceChildren(svg);
      el.board.hidden = false;
      hidePick();
      sizeHitAreas();
    } else {
      el.board.replaceChildren();
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
function markLiveParts(view) {
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

function renderActions() {
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
  el.back.hidden = !(seatInfo && seatInfo.away && !terminal);
  el.leave.hidden = !(seatInfo && !seatInfo.away && !terminal);
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

function humanize(key) {
  const text = String(key).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scoreTable(view, final) {
  const scores = view.scores || [];
  const ranking = view.ranking || null;
  const won = (seat) => Array.isArray(view.winners) && view.winners.includes(seat);
  const categories = [];
  for (const s of scores) {
    for (const key of Object.keys((s && s.breakdown) || {})) if (!categories.includes(key)) categories.push(key);
  }
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = "";
  head.append(corner);
  scores.forEach((_, seat) => {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = seatLabel(view, seat);
    if (won(seat)) th.classList.add("winner");
    if (seat === view.seat) th.classList.add("mine");
    head.append(th);
  });
  const tbody = table.createTBody();
  const row = (label, cls, cell) => {
    const tr = tbody.insertRow();
    if (cls) tr.className = cls;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.append(th);
    scores.forEach((s, seat) => {
      const td = tr.insertCell();
      td.textContent = cell(s || {}, seat);
      if (won(seat)) td.classList.add("winner");
    });
  };
  for (const key of categories) {
    row(humanize(key), "category", (s) => String((s.breakdown || {})[key] ?? "–"));
  }
  row("Total", "total", (s) => String(s.total ?? "–"));
  if (scores.some((s) => s && "complete" in s)) {
    row("Complete house", "complete", (s) => (s.complete ? "✓ yes" : "no"));
  }
  if (final && ranking) row("Rank", "rank", (_, seat) => String(ranking[seat] ?? "–"));
  return table;
}

// Who won, from the view's winners (the game's winners(): several share the win; none
// when everyone lost, as in Mr House advanced when no house is complete).
function headline(view) {
  const scores = view.scores || [];
  if (!Array.isArray(view.winners)) return "Game over";
  const winners = view.winners;
  if (winners.length === 0) return "Everyone lost";
  const pts = (seat) => (scores[seat] && typeof scores[seat].total === "number" ? ` with ${scores[seat].total} points` : "");
  if (winners.length === 1) {
    const w = winners[0];
    if (w === view.seat) return `You win${pts(w)}!`;
    return `${seatLabel(view, w)} wins${pts(w)}`;
  }
  const names = winners.map((w) => (w === view.seat ? "you" : seatLabel(view, w)));
  return `Shared first place: ${listSeats(names)}${pts(winners[0])}`;
}

function renderScores(view, terminal) {
  el.scores.replaceChildren();
  const scores = view.scores || null;
  if (terminal) {
    el.scoresHeading.textContent = "Final scores";
    const final = document.createElement("div");
    final.id = "final";
    const h = document.createElement("p");
    h.id = "headline";
    h.className = "headline";
    h.textContent = headline(view);
    final.append(h);
    // why it ended, where the game says so in its last log line ("the game ends ...")
    const last = (view.events || []).at(-1);
    if (typeof last === "string" && /^the game ends\b/i.test(last)) {
      const why = document.createElement("p");
      why.id = "end-reason";
      why.className = "muted";
      why.textContent = withSeatNames(last.charAt(0).toUpperCase() + last.slice(1), view.seats || []);
      final.append(why);
    }
    if (scores && scores.length) final.append(scoreTable(view, true));
    const watch = document.createElement("a"); // the replay page: move by move, any seat's view
    watch.id = "replay-link";
    watch.className = "button replay-page";
    watch.href = `/t/${encodeURIComponent(TABLE)}/replay`;
    watch.textContent = "Replay this game";
    final.append(watch);
    // tied totals: the rulebook's tie-break that ranked them, or that they share a rank
    const ties = Array.isArray(view.tie_breaks) ? view.tie_breaks : [];
    if (ties.length) {
      const list = document.createElement("ul");
      list.id = "tie-breaks";
      list.className = "tie-breaks";
      for (const note of ties) {
        const li = document.createElement("li");
        const text = withSeatNames(String(note), view.seats || []);
        li.textContent = text.charAt(0).toUpperCase() + text.slice(1);
        list.append(li);
      }
      final.append(list);
    }
    const replay = document.createElement("a");
    replay.href = `${base}/log`;
    replay.target = "_blank";
    replay.rel = "noopener";
    replay.textContent = "Replay log";
    replay.className = "replay";
    final.append(replay);
    el.scores.append(final);
    el.scores.parentElement.classList.add("final");
    el.scores.parentElement.hidden = false;
    return;
  }
  el.scoresHeading.textContent = "Scores so far";
  el.scores.parentElement.classList.remove("final");
  // Scores during play are shown when the server sends them (some games keep them hidden).
  el.scores.parentElement.hidden = !(scores && scores.length);
  if (scores && scores.length) el.scores.append(scoreTable(view, false));
}

function renderLog(view) {
  const events = view.events || [];
  const box = el.log;
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40 || box.childElementCount === 0;
  const fragment = document.createDocumentFragment();
  for (const ev of events) {
    const li = document.createElement("li");
    const text = typeof ev === "string" ? ev : ev && ev.text ? ev.text : JSON.stringify(ev);
    li.textContent = withSeatNames(text, view.seats || []);
    fragment.append(li);
  }
  box.replaceChildren(fragment);
  if (events.length === 0) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "Nothing has happened yet.";
    box.append(li);
  }
  if (nearBottom) box.scrollTop = box.scrollHeight;
}

// == hints ==============================================================================
// At a table opened with hints, on the seat's turn: the greedy bot's move for the seat
// (worked out by the server on the seat's view alone), marked on the board and in the
// list of moves, with why. It holds for the view it was asked on.
function renderHint(view, yourTurn) {
  el.hint.hidden = !(view.hints && yourTurn);
  el.hint.disabled = state.hinting;
  if (state.hint && (state.hint.log_length !== view.log_length || !yourTurn)) clearHint();
}

function clearHint() {
  if (state.hint === null && el.hintBox.hidden) return;
  state.hint = null;
  el.hintBox.replaceChildren();
  el.hintBox.hidden = true;
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
}

function showHint(hint) {
  state.hint = hint;
  const head = document.createElement("p");
  head.className = "hint-move";
  const label = document.createElement("strong");
  label.textContent = "Hint: ";
  head.append(label, document.createTextNode(hint.text));
  const why = document.createElement("p");
  why.className = "hint-why";
  why.textContent = hint.why;
  el.hintBox.replaceChildren(head, why);
  if (hint.next_best && hint.next_best.length) {
    const list = document.createElement("ul");
    list.className = "hint-others";
    for (const other of hint.next_best) {
      const li = document.createElement("li");
      const score = typeof other.score === "number" ? ` (${other.score.toFixed(2)})` : "";
      li.textContent = `${other.text}${score}`;
      list.append(li);
    }
    const intro = document.createElement("p");
    intro.className = "muted";
    intro.textContent = "Next best:";
    el.hintBox.append(intro, list);
  }
  el.hintBox.hidden = false;
  renderActions(); // marks the move on the board and among the buttons
  const marked = el.actions.querySelector("button.hinted");
  if (marked) marked.scrollIntoView({ block: "nearest" });
}

async function askHint() {
  if (state.hinting || !state.view) return;
  state.hinting = true;
  el.hint.disabled = true;
  const asked = state.view.log_length;
  el.hintBox.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Thinking…" }));
  el.hintBox.hidden = false;
  const r = await api("POST", `${base}/hint`);
  state.hinting = false;
  el.hint.disabled = false;
  if (r.ok && r.data && state.view && r.data.log_length === state.view.log_length && asked === state.view.log_length) {
    showHint(r.data);
    return;
  }
  clearHint();
  if (!r.ok) showMessage(r.network ? "Could not reach the server for a hint." : refusalText(r), "error");
}

// == chat ===============================================================================
// Messages are plain text: always set as textContent, never parsed as markup.
const CHAT_KEPT = 200;

async function loadChat() {
  const r = await api("GET", `${base}/chat`);
  if (r.ok && r.data && Array.isArray(r.data.messages)) addChat(r.data.messages);
}

function addChat(messages) {
  for (const m of messages) if (m && typeof m.id === "number") state.chat.set(m.id, m);
  const ids = [...state.chat.keys()].sort((a, b) => a - b);
  for (const id of ids.slice(0, Math.max(0, ids.length - CHAT_KEPT))) state.chat.delete(id);
  renderChat();
}

function renderChat() {
  const seats = (state.view && state.view.seats) || [];
  state.chatNames = JSON.stringify(seats.map((s) => s.name));
  const box = el.chatLog;
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40 || box.childElementCount <= 1;
  const fragment = document.createDocumentFragment();
  for (const m of [...state.chat.values()].sort((a, b) => a.id - b.id)) {
    const li = document.createElement("li");
    li.dataset.id = String(m.id);
    li.dataset.seat = String(m.seat);
    if (state.view && m.seat === state.view.seat) li.classList.add("mine");
    const who = document.createElement("span");
    who.className = "chat-who";
    who.textContent = `${seatName(seats[m.seat], m.seat)}:`;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = String(m.text);
    li.append(who, " ", text);
    fragment.append(li);
  }
  box.replaceChildren(fragment);
  if (state.chat.size === 0) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "Nobody has said anything yet.";
    box.append(li);
  }
  if (nearBottom) box.scrollTop = box.scrollHeight;
}

function renderChatForm(view) {
  const mine = view.seat !== null && view.seat !== undefined;
  el.chatForm.hidden = !mine;
  el.chatNote.hidden = mine;
  const names = JSON.stringify((view.seats || []).map((s) => s.name));
  if (names !== state.chatNames) renderChat(); // a seat took a name: say it everywhere
}

async function sendChat() {
  // the server takes no control character but the newline: a tab is a space
  const text = el.chatInput.value.replace(/\r\n?/g, "\n").replace(/\t/g, " ").trim();
  if (!text || el.chatInput.disabled) return;
  el.chatInput.disabled = true;
  const r = await api("POST", `${base}/chat`, { text });
  el.chatInput.disabled = false;
  el.chatInput.focus();
  if (r.ok && r.data) {
    el.chatInput.value = "";
    el.chatError.hidden = true;
    addChat([r.data]);
    return;
  }
  let error;
  if (r.network) error = "Could not reach the server: the message was not sent.";
  else if (r.status === 422) error = "Not sent: a message is 1 to 500 characters, with no control characters.";
  else error = `Not sent: ${errorText(r)}`;
  el.chatError.textContent = error;
  el.chatError.hidden = false;
}

el.chatForm.addEventListener("submit", (event) => {
  event.preventDefault();
  sendChat();
});
el.chatInput.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    sendChat();
  }
});
el.hint.addEventListener("click", () => askHint());

// == turn notifications =================================================================
// Asked for once (the box), remembered for this browser: a short sound when a turn
// starts, and the browser's notification when the tab is not in view.
const NOTIFY_KEY = "housebuilders.notify";
let audio = null;

function notifyWanted() {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "1";
  } catch (err) {
    return el.notify.checked;
  }
}

function announceTurn(view) {
  if (!notifyWanted()) return;
  document.body.dataset.announced = String(Number(document.body.dataset.announced || 0) + 1);
  if (audio) {
    const beep = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    beep.frequency.value = 660;
    beep.connect(gain).connect(audio.destination);
    beep.start();
    beep.stop(audio.currentTime + 0.15);
  }
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(`Your turn: ${view.game_name || view.game}`, { body: `table ${view.table}`, tag: TABLE });
  }
}

el.notify.checked = notifyWanted();
document.addEventListener("click", () => {
  if (!audio && window.AudioContext && notifyWanted()) audio = new AudioContext(); // after a click: allowed
});
el.notify.addEventListener("change", async () => {
  try {
    localStorage.setItem(NOTIFY_KEY, el.notify.checked ? "1" : "0");
  } catch (err) {
    // storage refused: the box holds the choice for this page
  }
  if (!el.notify.checked) return;
  if (!audio && window.AudioContext) audio = new AudioContext(); // made on a click: allowed to sound
  if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission();
});

// == messages and busy state ============================================================
function showMessage(text, kind) {
  el.message.textContent = text;
  el.message.className = `message ${kind}`;
  el.message.hidden = false;
}

function clearMessage() {
  el.message.textContent = "";
  el.message.className = "message";
  el.message.hidden = true;
}

function setBusy(busy) {
  state.busy = busy;
  body.dataset.busy = busy ? "true" : "false";
  for (const b of document.querySelectorAll("#actions button, #undo, #back, #leave, #rematch")) b.disabled = busy;
  el.actions.classList.toggle("busy", busy);
  el.board.classList.toggle("busy", busy);
  if (state.view) markLiveParts(state.view);
}

// == events =============================================================================
el.actions.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-index]");
  if (button && !button.disabled) act(Number(button.dataset.index));
});

function boardTarget(event) {
  const node = event.target.closest ? event.target.closest("[data-index]") : null;
  return node && el.board.contains(node) && node.classList.contains("live") ? node : null;
}

el.board.addEventListener("click", (event) => {
  // a click from the keyboard (detail 0) has no place: the focused part
  const nodes = event.detail === 0 ? [boardTarget(event)].filter(Boolean) : partsAt(event);
  if (nodes.length === 1) act(Number(nodes[0].getAttribute("data-index")));
  else if (nodes.length > 1) showPick(nodes);
  else askWhy(event);
});

// == taps on a small board ==============================================================
// A drawing scaled to a phone's width has parts a few pixels wide. On a touch screen
// (a coarse pointer) each part smaller than TAP_PX square gets a transparent hit area
// that big around it (rect.hit, drawing nothing); a tap where several parts' areas
// meet asks which one was meant (#pick). A mouse clicks the part under it, as drawn.
const TAP_PX = 24;
const coarse = window.matchMedia("(pointer: coarse)");

function sizeHitAreas() {
  for (const old of el.board.querySelectorAll("rect.hit")) old.remove();
  const svg = el.board.querySelector("svg");
  if (!svg || !coarse.matches) return;
  const frame = svg.getBoundingClientRect();
  const within = (v, low, high) => Math.max(low, Math.min(v, high));
  for (const node of el.board.querySelectorAll("[data-index]")) {
    const r = node.getBoundingClientRect();
    const ctm = node.getScreenCTM();
    if (!ctm || !r.width || (r.width >= TAP_PX && r.height >= TAP_PX)) continue;
    const w = Math.max(r.width, TAP_PX + 0.5); // a little over, for rounding
    const h = Math.max(r.height, TAP_PX + 0.5);
    const left = within(r.left + (r.width - w) / 2, frame.left, frame.right - w);
    const top = within(r.top + (r.height - h) / 2, frame.top, frame.bottom - h);
    const back = ctm.inverse(); // the screen's pixels to the part's own units
    const a = new DOMPoint(left, top).matrixTransform(back);
    const b = new DOMPoint(left + w, top + h).matrixTransform(back);
    const hit = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({
      x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y),
    })) hit.setAttribute(name, String(value));
    hit.setAttribute("class", "hit");
    const title = node.querySelector(":scope > title");
    node.insertBefore(hit, title ? title.nextSibling : node.firstChild);
  }
}

let resizing = 0;
window.addEventListener("resize", () => {
  cancelAnimationFrame(resizing);
  resizing = requestAnimationFrame(sizeHitAreas);
});
coarse.addEventListener("change", sizeHitAreas);

/** The live parts of the board at the event's point, topmost first: on a touch screen
 * every one whose hit area is there; with a mouse only the topmost. */
function partsAt(event) {
  const found = [];
  for (const hit of document.elementsFromPoint(event.clientX, event.clientY)) {
    const node = hit.closest ? hit.closest("[data-index]") : null;
    if (node && el.board.contains(node) && node.classList.contains("live") && !found.includes(node)) found.push(node);
  }
  return coarse.matches ? found : found.slice(0, 1);
}

function showPick(nodes) {
  const legal = new Map((state.view.legal_actions || []).map((a) => [a.index, a]));
  const seats = state.view.seats || [];
  el.pickActions.replaceChildren();
  for (const node of nodes) {
    const index = Number(node.getAttribute("data-index"));
    if (!legal.has(index)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.index = String(index);
    b.textContent = withSeatNames(legal.get(index).text, seats);
    el.pickActions.append(b);
    node.classList.add("hl");
  }
  el.pick.hidden = false;
  el.pickActions.querySelector("button")?.focus();
}

function hidePick() {
  if (el.pick.hidden) return;
  el.pick.hidden = true;
  for (const node of el.board.querySelectorAll("[data-index].hl")) node.classList.remove("hl");
}

el.pickActions.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-index]");
  if (!button) return;
  hidePick();
  act(Number(button.dataset.index));
});
el.pickCancel.addEventListener("click", hidePick);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hidePick();
});

// "Why not?": a part of the board that stands for a move not legal now (class "ask",
// its action in data-action) asks the server, which answers with the rule that forbids
// it, worked out on what this seat may know; nothing is played.
async function askWhy(event) {
  const node = event.target.closest ? event.target.closest(".ask[data-action]") : null;
  if (!node || !el.board.contains(node) || !TOKEN || state.busy || !state.view) return;
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action"));
  } catch (err) {
    return;
  }
  const r = await api("POST", `${base}/why`, { action });
  const seats = (state.view && state.view.seats) || [];
  if (r.ok && r.data && r.data.legal) {
    showMessage(`“${r.data.text}” is a move you may make now: it is under Your move.`, "notice why");
  } else if (r.ok && r.data) {
    const rule = r.data.rule ? ` (${r.data.rule})` : "";
    showMessage(`Why not “${r.data.text}”? ${withSeatNames(r.data.error || "", seats)}${rule}`, "notice why");
  } else if (!r.network) {
    showMessage(refusalText(r), "error");
  }
}

el.board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = boardTarget(event);
  if (node) {
    event.preventDefault();
    act(Number(node.getAttribute("data-index")));
  }
});

// Hovering a button lights up the board part it stands for, and the other way round.
function highlight(index, on) {
  for (const node of el.board.querySelectorAll(`[data-index="${index}"]`)) node.classList.toggle("hl", on);
  for (const node of el.actions.querySelectorAll(`button[data-index="${index}"]`)) node.classList.toggle("hl", on);
}
for (const [area, selector] of [
  [el.actions, "button[data-index]"],
  [el.board, "[data-index].live"],
]) {
  area.addEventListener("mouseover", (event) => {
    const node = event.target.closest(selector);
    if (node) highlight(node.getAttribute("data-index"), true);
  });
  area.addEventListener("mouseout", (event) => {
    const node = event.target.closest(selector);
    if (node) highlight(node.getAttribute("data-index"), false);
  });
}

el.filter.addEventListener("input", () => renderActions());
el.filter.addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  const first = el.actions.querySelector("button[data-index]");
  if (first) act(Number(first.dataset.index));
});

el.undo.addEventListener("click", () => post("undo"));
el.back.addEventListener("click", () => post("back"));
el.leave.addEventListener("click", () => post("leave"));
el.rematch.addEventListener("click", async () => {
  if (state.busy) return;
  setBusy(true);
  const r = await api("POST", `${base}/rematch`);
  setBusy(false);
  if (r.ok && r.data && r.data.url) location.assign(r.data.url);
  else showMessage(r.network ? "Could not reach the server." : refusalText(r), "error");
});
el.nameForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = el.nameInput.value.trim();
  if (name) post("name", { name });
});

setInterval(tickClocks, 1000);

// == start ==============================================================================
if (!TABLE) {
  showMessage("No table given.", "error");
} else {
  refresh();
  connect();
  loadChat();
}
