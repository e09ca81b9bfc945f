// The ratings page: a game's table of ratings (GET /api/games/{game}/ratings), the
// people (accounts) and the bots on one scale, the best first.

import { api, errorText } from "./http.js";

const select = document.getElementById("rating-game");
const box = document.getElementById("ratings");
const wanted = new URLSearchParams(location.search).get("game");
if (wanted) select.value = wanted;

async function show() {
  const r = await api("GET", `/api/games/${encodeURIComponent(select.value)}/ratings`);
  if (!r.ok || !r.data) {
    box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: `Could not load the ratings: ${errorText(r)}` }));
    return;
  }
  const players = r.data.players || [];
  if (!players.length) {
    box.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "No rated games yet: play signed in to an account." }));
    return;
  }
  const table = document.createElement("table");
  table.className = "tables ratings";
  const head = table.createTHead().insertRow();
  for (const title of ["#", "Player", "Rating", "Games", "Wins"]) {
    const th = document.createElement("th");
    th.textContent = title;
    head.append(th);
  }
  const body = table.createTBody();
  players.forEach((p, i) => {
    const tr = body.insertRow();
    tr.dataset.kind = p.kind;
    tr.insertCell().textContent = String(i + 1);
    tr.insertCell().textContent = p.kind === "bot" ? `bot: ${p.name}` : p.name;
    const rating = tr.insertCell();
    rating.textContent = p.rating.toFixed(1);
    rating.title = `mu ${p.mu}, sigma ${p.sigma}`;
    tr.insertCell().textContent = String(p.games);
    tr.insertCell().textContent = String(p.wins);
  });
  box.replaceChildren(table);
}

select.addEventListener("change", () => {
  history.replaceState(null, "", `?game=${encodeURIComponent(select.value)}`);
  show();
});
show();
