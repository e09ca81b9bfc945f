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
export function tokenKey() {
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
