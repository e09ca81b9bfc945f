// The lobby's list of the tables being played (GET /api/tables), each to watch, and an
// open seat (one its table opened to anyone) to take with a name: its link is then
// this browser's (kept under Your tables, mine.js) and the page opens it.

import { api, errorText } from "./http.js";
import { remember } from "./mine.js";

export function formatTime(value) {
  if (value === null || value === undefined || value === "") return "";
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}

/** The list in `box`, and the function that loads it again (`gameName(id)`, the
 *  game's name; `showMessage(text, kind)`, the lobby's message line). */
export function tablesList(box, gameName, showMessage) {
  async function takeSeat(t, seat, form) {
    const name = form.querySelector("input").value.trim();
    const button = form.querySelector("button");
    button.disabled = true;
    const r = await api("POST", `/api/tables/${encodeURIComponent(t.table)}/seats/${seat}/take`, { name });
    button.disabled = false;
    if (!r.ok || !r.data) {
      showMessage(r.network ? "Could not reach the server. Is it still running?" : `Could not take the seat: ${errorText(r)}`, "error");
      load();
      return;
    }
    const spectate = `/t/${encodeURIComponent(t.table)}`;
    remember({ table: t.table, game: t.game, opened: new Date().toISOString(), seats: [r.data], spectate });
    location.assign(r.data.url);
  }

  function takeForm(t, s) {
    const form = document.createElement("form");
    form.className = "take";
    const name = document.createElement("input");
    name.type = "text";
    name.required = true;
    name.maxLength = 40;
    name.placeholder = "your name";
    name.autocomplete = "nickname";
    name.setAttribute("aria-label", `Your name, to take seat ${s.seat} of table ${t.table}`);
    const button = document.createElement("button");
    button.type = "submit";
    button.className = "primary";
    button.textContent = `Take seat ${s.seat}`;
    form.append(name, button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      takeSeat(t, s.seat, form);
    });
    return form;
  }

  async function load() {
    // a name being typed to take a seat is not wiped by the list's refresh
    if ([...box.querySelectorAll("form.take input")].some((i) => i.value || i === document.activeElement)) return;
    const r = await api("GET", "/api/tables");
    const body = r.data;
    if (!r.ok || !body) {
      box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Could not load the tables." }));
      return;
    }
    const tables = body.tables || [];
    if (tables.length === 0) {
      box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "No tables yet." }));
      return;
    }
    const table = document.createElement("table");
    table.className = "tables";
    const head = table.createTHead().insertRow();
    for (const title of ["Table", "Game", "Seats", "Status", "Created", ""]) {
      const th = document.createElement("th");
      th.textContent = title;
      if (title === "Created") th.className = "created";
      head.append(th);
    }
    const tbody = table.createTBody();
    for (const t of tables) {
      const tr = tbody.insertRow();
      const tid = tr.insertCell();
      tid.className = "tid";
      tid.textContent = t.table;
      tr.insertCell().textContent = gameName(t.game);
      const who = tr.insertCell();
      who.className = "who";
      const seatWord = (s) => (s.kind === "bot" ? s.bot || "bot" : s.open ? "open seat" : s.name || "person");
      who.textContent = (t.seats || []).map(seatWord).join(", ");
      const status = tr.insertCell();
      status.className = "state";
      status.textContent = t.status || "";
      const created = tr.insertCell();
      created.className = "created";
      created.textContent = formatTime(t.created);
      const a = document.createElement("a");
      a.href = `/t/${encodeURIComponent(t.table)}`;
      a.textContent = "watch";
      a.className = "spectate";
      const last = tr.insertCell();
      last.append(a);
      for (const s of (t.seats || []).filter((x) => x.open)) last.append(takeForm(t, s));
    }
    box.replaceChildren(table);
  }

  return load;
}
