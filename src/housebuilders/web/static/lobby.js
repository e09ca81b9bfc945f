// The lobby: choose a game and the seats, create a table, share one link per person;
// below, this browser's tables with every seat's link, and the list of tables with
// spectator links.

import { api, errorText } from "./http.js";
import { startAccount } from "./account.js";
import { forget as forgetTable, myTables, remember } from "./mine.js";
import { seatName } from "./naming.js";
import { formatTime, tablesList } from "./tables-list.js";
import { showTurns } from "./turns.js";

const $ = (id) => document.getElementById(id);
const data = JSON.parse($("lobby-data").textContent || "{}");
const GAMES = data.games || [];
const BOTS = data.bots || [];
const GAME_BOTS = data.game_bots || {}; // per game: those, and the learned bot where one ships
const HINTS = data.hints || {}; // each bot's strength in a word (beginner, casual, strong)
const GAME_HINTS = data.game_hints || {}; // the same words per game, in its ladder's order
const DEFAULT_BOT = BOTS.includes("greedy") ? "greedy" : BOTS[0] || "";
// the chosen game's bots' ratings, on the people's scale (ratings.py), once known
let BOT_RATINGS = {};

async function loadBotRatings() {
  const chosen = gameSelect.value;
  const r = await api("GET", `/api/games/${encodeURIComponent(chosen)}/ratings`);
  if (!r.ok || !r.data || gameSelect.value !== chosen) return;
  BOT_RATINGS = Object.fromEntries(r.data.players.filter((p) => p.kind === "bot").map((p) => [p.name, p.rating]));
  fillSeats();
}

const form = $("create-form");
const gameSelect = $("game");
const playersSelect = $("players");
const seatsBox = $("seats");
const seedInput = $("seed");
const clockInput = $("clock");
const clockBotSelect = $("clock-bot");
const createButton = $("create");
const message = $("lobby-message");
const links = $("links");
const loadTables = tablesList($("tables"), gameName, showMessage);
const mineCard = $("mine-card");
const mineBox = $("mine");
const optionsBox = $("game-options-box");
const optionsList = $("game-options");
const optionsLegend = $("game-options-legend");

if (clockBotSelect && DEFAULT_BOT) clockBotSelect.value = DEFAULT_BOT;

function currentGame() {
  return GAMES.find((g) => g.id === gameSelect.value) || GAMES[0];
}

function gameName(id) {
  const g = GAMES.find((x) => x.id === id);
  return g ? g.name : id;
}

function fillPlayers() {
  const game = currentGame();
  if (!game) return;
  const previous = Number(playersSelect.value) || Math.min(Math.max(3, game.min_players), game.max_players);
  const max = game.max_players; // Welcome To seats up to 100, as the API does
  playersSelect.replaceChildren();
  for (let n = game.min_players; n <= max; n++) {
    const opt = document.createElement("option");
    opt.value = String(n);
    opt.textContent = String(n);
    playersSelect.append(opt);
  }
  playersSelect.value = String(Math.min(Math.max(previous, game.min_players), max));
  fillSeats();
}

// == the chosen game's options (variants, rulings): one control each ==================
// Each option is {name, default, choices, help, players}: the game's own
// (core/spec.py's Option), in the lobby's data (as /api/games gives them).
const optionsByGame = Object.fromEntries(GAMES.map((g) => [g.id, g.options || []]));

function currentOptions() {
  const game = currentGame();
  return (game && optionsByGame[game.id]) || [];
}

function defaultIndex(option) {
  return String(Math.max(0, option.choices.findIndex((c) => c === option.default)));
}

function optionTitle(name) {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isYesNo(option) {
  return option.choices.length === 2 && option.choices.every((c) => typeof c === "boolean");
}

function choiceText(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  return String(value);
}

function fillOptions() {
  const game = currentGame();
  const options = currentOptions();
  optionsList.replaceChildren();
  optionsBox.hidden = options.length === 0;
  if (game) optionsLegend.textContent = `${game.name}: game options`;
  for (const option of options) {
    const row = document.createElement("div");
    row.className = "option-row";
    row.dataset.optionRow = option.name;
    const id = `option-${option.name}`;
    const help = document.createElement("span");
    help.className = "hint option-help";
    help.textContent = option.help;
    const only = document.createElement("span");
    only.className = "hint option-players";
    if (option.players && option.players.length) {
      const counts = option.players.join(" or ");
      only.textContent = ` (only with ${counts} players)`;
    }
    if (isYesNo(option)) {
      const label = document.createElement("label");
      label.className = "option-check";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = id;
      box.dataset.option = option.name;
      box.checked = option.default === true;
      const title = document.createElement("span");
      title.className = "option-name";
      title.textContent = `${optionTitle(option.name)} `;
      const dflt = document.createElement("span");
      dflt.className = "hint";
      dflt.textContent = ` (default: ${option.default ? "on" : "off"})`;
      label.append(box, " ", title, help, dflt, only);
      row.append(label);
    } else {
      const label = document.createElement("label");
      label.htmlFor = id;
      label.className = "option-name";
      label.textContent = optionTitle(option.name);
      const select = document.createElement("select");
      select.id = id;
      select.dataset.option = option.name;
      option.choices.forEach((choice, i) => {
        const opt = document.createElement("option");
        opt.value = String(i);
        opt.dataset.value = JSON.stringify(choice);
        opt.textContent = choice === option.default ? `${choiceText(choice)} (default)` : choiceText(choice);
        select.append(opt);
      });
      select.value = defaultIndex(option);
      const text = document.createElement("div");
      text.append(help, only);
      row.append(label, select, text);
    }
    optionsList.append(row);
  }
  fitOptions();
}

// A variant for some player counts only (House of Fado's 2-player assistants): at
// another count its control is off, at its default, and says for which counts it is.
function fitOptions() {
  const options = currentOptions();
  const players = Number(playersSelect.value) || 0;
  for (const option of options) {
    const control = document.getElementById(`option-${option.name}`);
    if (!control) continue;
    const fits = !(option.players && option.players.length) || option.players.includes(players);
    if (!fits) {
      if (control.type === "checkbox") control.checked = option.default === true;
      else control.value = defaultIndex(option);
    }
    control.disabled = !fits;
  }
}

function chosenOptions() {
  const options = currentOptions();
  const chosen = {};
  for (const option of options) {
    const control = document.getElementById(`option-${option.name}`);
    if (!control || control.disabled) continue;
    if (control.type === "checkbox") chosen[option.name] = control.checked;
    else chosen[option.name] = option.choices[Number(control.value)];
  }
  return chosen;
}

// a bot's strength in the chosen game: the word its ladder gives it, else its own
function hintOf(bot) {
  const game = GAME_HINTS[gameSelect.value] || {};
  return game[bot] || HINTS[bot] || "";
}

function labelClockBots() {
  if (!clockBotSelect) return;
  for (const opt of clockBotSelect.options) {
    const hint = hintOf(opt.value);
    opt.textContent = hint ? `${opt.value} (${hint})` : opt.value;
  }
}

function fillSeats() {
  labelClockBots();
  const n = Number(playersSelect.value) || 0;
  const old = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  const oldNames = [...seatsBox.querySelectorAll("input.seat-name")].map((i) => i.value);
  seatsBox.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const row = document.createElement("div");
    row.className = "seat-row";
    const label = document.createElement("label");
    label.htmlFor = `seat-${seat}`;
    label.textContent = `Seat ${seat}`;
    const select = document.createElement("select");
    select.id = `seat-${seat}`;
    select.name = `seat-${seat}`;
    const person = document.createElement("option");
    person.value = "human";
    person.textContent = "person";
    const open = document.createElement("option");
    open.value = "open";
    open.textContent = "open: anyone may take it from the lobby";
    select.append(person, open);
    const group = document.createElement("optgroup");
    group.label = "bots";
    for (const bot of GAME_BOTS[gameSelect.value] || BOTS) {
      const opt = document.createElement("option");
      opt.value = bot;
      // a bot is rated by its name before the colon (ismcts:seconds=2 as ismcts), as the ladder
      const rating = BOT_RATINGS[bot] ?? BOT_RATINGS[bot.split(":")[0]];
      const about = [hintOf(bot), rating !== undefined ? `rated ${rating.toFixed(1)}` : ""].filter(Boolean);
      opt.textContent = about.length ? `bot: ${bot} (${about.join(", ")})` : `bot: ${bot}`;
      group.append(opt);
    }
    select.append(group);
    const fresh = seat === 0 || !DEFAULT_BOT ? "human" : DEFAULT_BOT;
    select.value = old[seat] ?? fresh;
    if (!select.value) select.value = fresh; // a bot the game now chosen does not offer
    const name = document.createElement("input");
    name.type = "text";
    name.className = "seat-name";
    name.id = `name-${seat}`;
    name.maxLength = 40;
    name.placeholder = "name (optional)";
    name.setAttribute("aria-label", `Seat ${seat}: the person's name`);
    name.value = oldNames[seat] ?? "";
    name.hidden = select.value !== "human";
    select.addEventListener("change", () => {
      name.hidden = select.value !== "human";
    });
    row.append(label, select, name);
    seatsBox.append(row);
  }
  fitOptions();
}

function showMessage(text, kind) {
  message.textContent = text;
  message.className = `message ${kind}`;
  message.hidden = false;
}

function clearMessage() {
  message.hidden = true;
  message.textContent = "";
  message.className = "message";
}

function request() {
  const seats = [...seatsBox.querySelectorAll("select")].map((s, seat) => {
    if (s.value === "open") return { kind: "open" };
    if (s.value !== "human") return { kind: "bot", bot: s.value };
    const name = document.getElementById(`name-${seat}`).value.trim();
    return name ? { kind: "human", name } : { kind: "human" };
  });
  const payload = { game: gameSelect.value, seats };
  const options = chosenOptions();
  if (Object.keys(options).length) payload.options = options;
  if ($("private").checked) payload.private = true;
  if ($("hints").checked) payload.hints = true;
  const seed = seedInput.value.trim();
  if (seed !== "") payload.seed = Number(seed);
  const clock = clockInput.value.trim();
  if (clock !== "" && Number(clock) > 0) {
    payload.clock_minutes = Number(clock);
    if (clockBotSelect && clockBotSelect.value) payload.clock_bot = clockBotSelect.value;
  }
  return payload;
}

function absolute(path) {
  return new URL(path, location.origin).href;
}

async function copy(text, button) {
  let ok = false;
  try {
    await navigator.clipboard.writeText(text);
    ok = true;
  } catch (err) {
    // clipboard API unavailable (no secure context): select a hidden textarea instead
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    try {
      ok = document.execCommand("copy");
    } catch (err2) {
      ok = false;
    }
    area.remove();
  }
  const before = button.textContent;
  button.textContent = ok ? "Copied" : "Copy failed";
  setTimeout(() => {
    button.textContent = before;
  }, 1500);
}

function linkRow(label, url, attrs) {
  const row = document.createElement("div");
  row.className = "link-row";
  const name = document.createElement("span");
  name.className = "link-label";
  name.textContent = label;
  const a = document.createElement("a");
  a.href = url;
  a.textContent = url;
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "copy";
  button.textContent = "Copy";
  button.addEventListener("click", () => copy(url, button));
  row.append(name, a, button);
  return row;
}

// Every seat of a created table, a person's with their link, and the link to watch.
function seatRows(created) {
  const rows = [];
  for (const s of created.seats || []) {
    if (s.url) {
      rows.push(linkRow(seatName(s, s.seat), absolute(s.url), { class: "seat-link", "data-seat": String(s.seat) }));
    } else if (s.kind === "open") {
      const row = document.createElement("div");
      row.className = "link-row open-row";
      row.textContent = `Seat ${s.seat}: open, for whoever takes it first from the lobby's list of tables`;
      rows.push(row);
    } else {
      const row = document.createElement("div");
      row.className = "link-row bot-row";
      row.textContent = `Seat ${s.seat}: bot ${s.bot || ""}`;
      rows.push(row);
    }
  }
  if (created.spectate) rows.push(linkRow("Watch", absolute(created.spectate), { class: "spectate-link" }));
  return rows;
}

// == this browser's tables (mine.js): the ones it opened, the seats it took ============
function rememberCreated(created, game) {
  remember({ table: created.table, game, opened: new Date().toISOString(), seats: created.seats, spectate: created.spectate });
  renderMine();
}

function renderMine() {
  const list = myTables();
  mineCard.hidden = list.length === 0;
  mineBox.replaceChildren();
  for (const t of list) {
    const box = document.createElement("details");
    box.className = "my-table";
    box.dataset.table = t.table;
    const summary = document.createElement("summary");
    const turn = document.createElement("span");
    turn.className = "turn";
    summary.append(`${gameName(t.game)} · table ${t.table} · ${formatTime(t.opened)} `, turn);
    const forget = document.createElement("button");
    forget.type = "button";
    forget.className = "forget";
    forget.textContent = "Forget";
    forget.addEventListener("click", () => {
      forgetTable(t.table);
      renderMine();
    });
    box.append(summary, ...seatRows(t), forget);
    mineBox.append(box);
  }
  showTurns(mineBox);
}

function showLinks(created) {
  links.replaceChildren();
  const h = document.createElement("h2");
  h.textContent = `Table ${created.table} is ready`;
  links.append(h);
  const humans = (created.seats || []).filter((s) => s.url);
  if (humans.length) {
    const p = document.createElement("p");
    p.className = "muted";
    p.textContent = "Send each person their own link; whoever has a seat's link plays that seat.";
    links.append(p);
  }
  links.append(...seatRows(created));
  if (humans.length) {
    const take = document.createElement("a");
    take.id = "take-seat";
    take.className = "button primary";
    take.href = humans[0].url;
    take.textContent = `Take seat ${humans[0].seat} →`;
    const p = document.createElement("p");
    p.append(take);
    links.append(p);
  }
  links.hidden = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  clearMessage();
  createButton.disabled = true;
  const r = await api("POST", "/api/tables", request());
  createButton.disabled = false;
  if (r.network) {
    showMessage("Could not reach the server. Is it still running?", "notice");
    return;
  }
  const body = r.data;
  if (!r.ok || !body) {
    showMessage(`Could not create the table: ${errorText(r)}`, "error");
    return;
  }
  showLinks(body);
  rememberCreated(body, gameSelect.value);
  loadTables();
});

// a message of the last attempt goes once the form changes, or when the browser's own
// checks stop the next attempt (a seed out of range: no request, no new message)
form.addEventListener("input", clearMessage);
form.addEventListener("change", clearMessage);
form.addEventListener("invalid", clearMessage, true);

gameSelect.addEventListener("change", () => {
  BOT_RATINGS = {};
  fillPlayers();
  fillOptions();
  loadBotRatings();
});
playersSelect.addEventListener("change", fillSeats);
fillPlayers();
fillOptions();
renderMine();
loadTables();
startAccount(renderMine);
loadBotRatings();
setInterval(() => {
  if (!document.hidden) {
    loadTables();
    showTurns(mineBox);
  }
}, 10000);
