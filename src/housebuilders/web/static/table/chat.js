// The chat: what was said comes with the page (GET .../chat), then over the websocket.
// Messages are plain text: always set as textContent, never parsed as markup.

import { errorText } from "../http.js";
import { seatName } from "../naming.js";
import { api, base, el, state } from "./page.js";

const CHAT_KEPT = 200;

export async function loadChat() {
  const r = await api("GET", `${base}/chat`);
  if (r.ok && r.data && Array.isArray(r.data.messages)) addChat(r.data.messages);
}

export function addChat(messages) {
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

export function renderChatForm(view) {
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
