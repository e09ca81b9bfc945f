// Live updates: the view over the websocket, falling back to polling every 2 s while
// the socket is down; and the page refused for good (no such table, not a seat).

import { addChat, loadChat } from "./chat.js";
import { TABLE, TOKEN, api, base, body, clearMessage, dropToken, el, showMessage, state } from "./page.js";
import { render } from "./render.js";

const POLL_MS = 2000;

export async function refresh() {
  const r = await api("GET", `${base}/view`);
  if (r.ok && r.data) {
    render(r.data);
    reached();
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
 * stops asking, takes the token out of the address (so that a reload spectates), says so
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
  dropToken();
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

export function connect() {
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
    reached();
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

export function setConnection(mode) {
  const text = { live: "● live", polling: "○ updating every 2 s", offline: "○ offline" }[mode] || "";
  el.connection.textContent = text;
  el.connection.className = `connection ${mode}`;
}

/**
 * The server answered (a view, or the socket opened): no longer offline, and the note of
 * its outage ("Could not reach the server…") goes, whatever message came since stays.
 */
function reached() {
  if (state.refused) return;
  if (el.connection.classList.contains("offline")) setConnection(state.wsOpen ? "live" : "polling");
  if (el.message.dataset.outage === "true") clearMessage();
}
