// The table page's parts all share: the table and the seat's token, the page's
// elements, what the page knows (`state`), the table's API with the token, and the
// message line.

import { errorText, api as request } from "../http.js";

export const body = document.body;
export const TABLE = body.dataset.table;
// `?debug` in the address shows the raw observation under a drawn board too
export const DEBUG = new URLSearchParams(location.search).has("debug");
export const TOKEN = seatToken();
export const SVG_NS = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
export const el = {
  gameName: $("game-name"),
  you: $("you"),
  status: $("status"),
  lastMove: $("last-move"),
  spectatorNote: $("spectator-note"),
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
  resign: $("resign"),
  abandon: $("abandon"),
  abandonNote: $("abandon-note"),
  seatMenu: $("seat-menu"),
  seatMenuToggle: $("seat-menu-toggle"),
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

export const state = {
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
  kept: "", // the table (and next table) last kept in this browser's list (render.js)
  seenBoard: null, // the board as the seat saw it on its turn (changes.js), or the last
  seenLog: null, // the log's length then: the lines since are new
  movesAt: null, // the last view's count of moves and of log lines (lastmove.js)
  lastMove: null, // the last move: its seat, its log lines, its parts' keys
  shownBoard: null, // the board last drawn, to find the next move's parts
  logAt: null, // the view (log_length) whose new lines are marked, and from where
  logSince: 0,
  hinting: false,
  refused: false, // the server refused this page for good (no such table, not a seat)
};

/**
 * The seat's secret token. A seat's link gives it in the address's query (?token=...);
 * the page moves it to the address's fragment (#token=...), where it stays: the seat's
 * address in the bar can be reloaded, bookmarked and copied to another device by its
 * owner, and a fragment is never sent to the server with a page nor in a Referer. An
 * address with neither spectates, and the page says so (render.js).
 */
function seatToken() {
  const url = new URL(location.href);
  const given = body.dataset.token || "";
  const kept = new URLSearchParams(url.hash.slice(1)).get("token") || "";
  const token = given || kept;
  if (url.searchParams.has("token") || token !== kept) {
    url.searchParams.delete("token");
    url.hash = token ? `token=${encodeURIComponent(token)}` : url.hash;
    history.replaceState(history.state, "", url.pathname + url.search + url.hash);
  }
  return token;
}

/** Take the token out of the address (a refused one: a reload then spectates). */
export function dropToken() {
  history.replaceState(history.state, "", location.pathname + location.search);
}

/** The seat's address: the one this browser keeps in its list of tables (mine.js). */
export function seatAddress() {
  return `/t/${encodeURIComponent(TABLE)}#token=${encodeURIComponent(TOKEN)}`;
}

// == HTTP ===============================================================================
function withToken(path) {
  return TOKEN ? `${path}?token=${encodeURIComponent(TOKEN)}` : path;
}

/** `http.js`'s api, with this seat's token. */
export function api(method, path, payload) {
  return request(method, withToken(path), payload);
}

export const base = `/api/tables/${encodeURIComponent(TABLE)}`;

export function refusalText(r) {
  return `Refused: ${errorText(r)}`;
}

// == messages =========================================================================
export function showMessage(text, kind, { outage = false } = {}) {
  el.message.textContent = text;
  el.message.className = `message ${kind}`;
  el.message.hidden = false;
  // an outage's note goes once the server answers again (`live.js`'s setConnection)
  if (outage) el.message.dataset.outage = "true";
  else delete el.message.dataset.outage;
}

export function clearMessage() {
  el.message.textContent = "";
  el.message.className = "message";
  el.message.hidden = true;
  delete el.message.dataset.outage;
}
