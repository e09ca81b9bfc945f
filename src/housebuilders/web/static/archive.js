// The archive: the finished games (private tables are never listed), the last finished
// first, twenty a page; each with who played, the final scores, the winners and a link
// to its replay. The game filter and the page are kept in the address (?game=&page=).

import { api, errorText } from "./http.js";
import { seatName } from "./naming.js";

const $ = (id) => document.getElementById(id);
const box = $("archive");
const filter = $("game-filter");
const newer = $("newer");
const older = $("older");
const pageInfo = $("page-info");

const params = new URLSearchParams(location.search);
let page = Math.max(1, Number.parseInt(params.get("page") || "1", 10) || 1);
if ([...filter.options].some((o) => o.value === params.get("game"))) filter.value = params.get("game");

function note(text) {
  box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: text }));
}

function formatTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value || "");
  return date.toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" });
}

// One seat of a finished game: its name (or bot), its score, ★ for a winner.
function seatCell(t, s) {
  const span = document.createElement("span");
  span.className = "archived-seat";
  const won = (t.winners || []).includes(s.seat);
  if (won) span.classList.add("winner");
  const who = s.kind === "bot" ? `${seatName(s, s.seat)} (${s.bot || "bot"})` : seatName(s, s.seat);
  const resigned = s.resigned ? " (resigned)" : "";
  span.textContent = `${won ? "★ " : ""}${who}${resigned}: ${(t.scores || [])[s.seat] ?? "–"}`;
  return span;
}

function render(data) {
  const tables = data.tables || [];
  page = data.page || page;
  document.body.dataset.page = String(page);
  document.body.dataset.game = filter.value; // what is shown (for the tests)
  pageInfo.textContent = `page ${page} of ${data.pages || 1} · ${data.total ?? 0} game${data.total === 1 ? "" : "s"}`;
  newer.disabled = page <= 1;
  older.disabled = page >= (data.pages || 1);
  if (tables.length === 0) {
    note(data.total ? "No games on this page." : "No finished games yet.");
    return;
  }
  const table = document.createElement("table");
  table.className = "tables archive";
  const head = table.createTHead().insertRow();
  for (const title of ["Game", "Players and scores", "Finished", ""]) {
    const th = document.createElement("th");
    th.textContent = title;
    if (title === "Finished") th.className = "created";
    head.append(th);
  }
  const tbody = table.createTBody();
  for (const t of tables) {
    const tr = tbody.insertRow();
    tr.dataset.table = t.table;
    tr.insertCell().textContent = t.game_name || t.game;
    const seats = tr.insertCell();
    seats.className = "archived-seats";
    for (const s of t.seats || []) seats.append(seatCell(t, s));
    // how it ended, when not by the rules: every person agreed to abandon it, or resigned
    let ending = "";
    if (t.ended_by === "agreement") ending = "abandoned by agreement: no winner";
    else if (t.ended_by === "resignation") ending = "ended by resignation";
    else if ((t.winners || []).length === 0) ending = "everyone lost";
    if (ending) {
      const span = Object.assign(document.createElement("span"), { className: "muted ended", textContent: ending });
      if (t.ended_by) span.dataset.endedBy = t.ended_by;
      seats.append(span);
    }
    const finished = tr.insertCell();
    finished.className = "created";
    finished.textContent = formatTime(t.finished);
    const a = document.createElement("a");
    a.href = t.replay;
    a.className = "replay-link";
    a.textContent = "Replay";
    tr.insertCell().append(a);
  }
  box.replaceChildren(table);
}

async function load() {
  const query = new URLSearchParams({ page: String(page) });
  if (filter.value) query.set("game", filter.value);
  history.replaceState(history.state, "", `${location.pathname}?${query}`);
  const r = await api("GET", `/api/archive?${query}`);
  if (r.network) {
    note("Could not reach the server.");
    return;
  }
  const data = r.data;
  if (!r.ok || !data) {
    note(`Could not load the finished games: ${errorText(r)}`);
    return;
  }
  render(data);
}

filter.addEventListener("change", () => {
  page = 1;
  load();
});
newer.addEventListener("click", () => {
  page = Math.max(1, page - 1);
  load();
});
older.addEventListener("click", () => {
  page += 1;
  load();
});
load();
