// The replay page: a finished game, move by move, from any seat's view or the
// spectator's.
//
// The game's summary (its seats, every move, each seat's score total after every
// step) comes once from /api/tables/{id}/replay; each step's view (the board drawn
// as the table page draws it, the log up to it) from /api/tables/{id}/replay/{step}
// ?seat=. Step 0 is the deal, step k the game after k moves. The step and the view
// are kept in the address (?step=&seat=), so a link can point at a move.

import { SVG_NS, parseSvg } from "./drawing.js";
import { api, errorText } from "./http.js";
import { seatName, withSeatNames } from "./naming.js";
import { scoreShort } from "./scoring.js";
import { boardZoom } from "./zoom.js";

const body = document.body;
const TABLE = body.dataset.table;
const DEBUG = new URLSearchParams(location.search).has("debug");
const base = `/api/tables/${encodeURIComponent(TABLE)}/replay`;

const $ = (id) => document.getElementById(id);
const el = {
  first: $("first"),
  prev: $("prev"),
  next: $("next"),
  last: $("last"),
  slider: $("slider"),
  number: $("step-number"),
  of: $("step-of"),
  viewAs: $("view-as"),
  move: $("move"),
  message: $("message"),
  board: $("board"),
  observationBox: $("observation-box"),
  observation: $("observation"),
  chart: $("chart"),
  legend: $("legend"),
  log: $("log"),
};

const zoom = boardZoom(el.board, $("board-zoom"));

const state = {
  summary: null,
  step: 0,
  seat: null, // null: the spectator's view
  wanted: null, // the step and view asked for while a request is under way
  loading: false,
};

function showMessage(text) {
  el.message.textContent = text;
  el.message.className = "message error";
  el.message.hidden = false;
}

function seatText(seat) {
  const info = state.summary.seats[seat] || {};
  const name = seatName(info, seat);
  return info.kind === "bot" ? `${name} (${info.bot || "bot"})` : name;
}

// == moving through the game ============================================================
/** Show ``step`` (clamped to the game) from the chosen view. Requests go one at a time:
 * a step asked for meanwhile (a held arrow key, a dragged slider) waits, and only the
 * newest one asked for is fetched next. ``entered``: the step was typed in the move
 * box (and entered), which then shows the step reached, not what was typed. */
async function go(step, entered = false) {
  if (!state.summary) return;
  state.step = Math.max(0, Math.min(state.summary.steps, Math.round(Number(step) || 0)));
  state.wanted = { step: state.step, seat: state.seat };
  showControls(entered);
  if (state.loading) return;
  state.loading = true;
  body.dataset.busy = "true";
  while (state.wanted) {
    const { step: k, seat } = state.wanted;
    state.wanted = null;
    const query = seat === null ? "" : `?seat=${seat}`;
    const r = await api("GET", `${base}/${k}${query}`);
    if (state.wanted) continue; // already superseded: fetch the newest instead
    if (r.ok && r.data) render(r.data);
    else showMessage(`Could not show move ${k}: ${errorText(r)}`);
  }
  state.loading = false;
  body.dataset.busy = "false";
}

function showControls(entered = false) {
  const { step } = state;
  const steps = state.summary.steps;
  el.slider.value = String(step);
  // the box keeps a number being typed; one entered (999999, -3) shows the step reached
  if (entered || document.activeElement !== el.number) el.number.value = String(step);
  el.first.disabled = el.prev.disabled = step <= 0;
  el.next.disabled = el.last.disabled = step >= steps;
  const query = new URLSearchParams(location.search);
  query.set("step", String(step));
  if (state.seat === null) query.delete("seat");
  else query.set("seat", String(state.seat));
  history.replaceState(history.state, "", `${location.pathname}?${query}`);
  markChart(step);
}

// == one step =============================================================================
function render(view) {
  el.message.hidden = true;
  body.dataset.step = String(view.step);
  body.dataset.seat = view.seat === null ? "" : String(view.seat);
  renderMove(view);
  renderBoard(view);
  renderLog(view);
}

function renderMove(view) {
  const summary = state.summary;
  let text;
  if (view.step === 0) text = `The deal: move 0 of ${view.steps}`;
  else {
    const move = view.move || {};
    text = `Move ${view.step} of ${view.steps}: ${seatText(move.player)}, ${withSeatNames(move.text || "", summary.seats)}`;
  }
  // the end: by the rules, or the table's (resigned, abandoned) after its last move
  const end = view.terminal || (state.summary.ended_by && view.step === view.steps);
  if (end) text += ` · the end: ${headline()}`;
  el.move.textContent = text;
  el.move.classList.toggle("over", Boolean(end));
}

function headline() {
  const winners = state.summary.winners || [];
  if (state.summary.ended_by === "agreement") return "abandoned by agreement, no winner";
  if (winners.length === 0) return "everyone lost";
  const names = winners.map(seatText);
  const wins = names.length === 1 ? `${names[0]} wins` : `shared first place: ${names.join(", ")}`;
  return state.summary.ended_by === "resignation" ? `${wins} (the others resigned)` : wins;
}

function renderBoard(view) {
  const svg = typeof view.svg === "string" && view.svg ? parseSvg(view.svg) : null;
  if (svg) {
    svg.setAttribute("role", "img");
    if (!svg.getAttribute("aria-label")) svg.setAttribute("aria-label", `${state.summary.game_name} board, move ${view.step}`);
  }
  zoom.place(svg); // at the zoom chosen (on a phone, its text readable), where it was panned
  el.board.hidden = !svg;
  // without a picture the raw observation is the board; with one, it is for debugging
  el.observationBox.hidden = !(!svg || DEBUG);
  el.observationBox.open = !svg;
  el.observation.textContent = JSON.stringify(view.observation ?? {}, null, 2);
}

function renderLog(view) {
  const fragment = document.createDocumentFragment();
  for (const ev of view.events || []) {
    const li = document.createElement("li");
    const text = typeof ev === "string" ? ev : ev && ev.text ? ev.text : JSON.stringify(ev);
    li.textContent = withSeatNames(text, state.summary.seats);
    fragment.append(li);
  }
  el.log.replaceChildren(fragment);
  if (!el.log.childElementCount) {
    el.log.append(Object.assign(document.createElement("li"), { className: "muted", textContent: "Nothing has happened yet." }));
  }
  el.log.scrollTop = el.log.scrollHeight;
}

// == the scores over time =================================================================
// Each seat's total after every step, a line per seat; a marker at the step shown.
// Drawn here as SVG with classes only (the page's policy allows no style attribute).
const CHART = { width: 360, height: 180, left: 34, right: 8, top: 8, bottom: 22 };

function svgNode(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function chartScale() {
  const totals = state.summary.totals;
  const values = totals.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const { width, height, left, right, top, bottom } = CHART;
  const steps = Math.max(1, state.summary.steps);
  return {
    low,
    high,
    x: (step) => left + ((width - left - right) * step) / steps,
    y: (value) => top + ((height - top - bottom) * (high - value)) / (high - low),
    step: (x) => ((x - left) / (width - left - right)) * steps,
  };
}

function drawChart() {
  const { totals, players, steps } = state.summary;
  const scale = chartScale();
  const { width, height, left, right, top, bottom } = CHART;
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "score-chart" });
  svg.setAttribute("aria-label", `Each seat's score after every move, moves 0 to ${steps}`);
  svg.append(svgNode("line", { x1: left, y1: scale.y(scale.low), x2: width - right, y2: scale.y(scale.low), class: "axis" }));
  svg.append(svgNode("line", { x1: left, y1: top, x2: left, y2: height - bottom, class: "axis" }));
  for (const value of new Set([scale.low, 0, scale.high])) {
    const label = svgNode("text", { x: left - 4, y: scale.y(value) + 4, class: "tick", "text-anchor": "end" });
    label.textContent = String(value);
    svg.append(label);
  }
  for (const step of [0, steps]) {
    const label = svgNode("text", { x: scale.x(step), y: height - 6, class: "tick", "text-anchor": step ? "end" : "start" });
    label.textContent = step ? `move ${step}` : "deal";
    svg.append(label);
  }
  for (let seat = 0; seat < players; seat++) {
    const points = totals.map((row, step) => `${scale.x(step).toFixed(1)},${scale.y(row[seat]).toFixed(1)}`);
    const line = svgNode("polyline", { points: points.join(" "), class: `series series-${seat % 8}`, "data-seat": seat });
    line.append(Object.assign(svgNode("title", {}), { textContent: seatText(seat) }));
    svg.append(line);
  }
  svg.append(svgNode("line", { id: "chart-marker", x1: 0, y1: top, x2: 0, y2: height - bottom, class: "marker" }));
  for (let seat = 0; seat < players; seat++) {
    svg.append(svgNode("circle", { r: 3, cx: 0, cy: 0, class: `dot series-${seat % 8}`, "data-seat": seat }));
  }
  // a click on the chart goes to that move
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * width;
    go(scale.step(x));
  });
  el.chart.replaceChildren(svg);
  el.legend.replaceChildren();
  for (let seat = 0; seat < players; seat++) {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    const swatch = document.createElement("span");
    swatch.className = `swatch series-${seat % 8}`;
    const name = document.createElement("span");
    name.textContent = seatText(seat);
    const points = document.createElement("span");
    points.className = "points";
    li.append(swatch, name, points);
    el.legend.append(li);
  }
}

function markChart(step) {
  const marker = el.chart.querySelector("#chart-marker");
  if (!marker) return;
  const scale = chartScale();
  const row = state.summary.totals[step] || [];
  marker.setAttribute("x1", scale.x(step));
  marker.setAttribute("x2", scale.x(step));
  for (const dot of el.chart.querySelectorAll("circle.dot")) {
    const seat = Number(dot.dataset.seat);
    dot.setAttribute("cx", scale.x(step));
    dot.setAttribute("cy", scale.y(row[seat] ?? 0));
  }
  for (const li of el.legend.children) {
    const total = row[Number(li.dataset.seat)];
    li.querySelector(".points").textContent = typeof total === "number" ? scoreShort(state.summary.score_unit, total) : "– pts";
  }
}

// == events ===============================================================================
el.first.addEventListener("click", () => go(0));
el.prev.addEventListener("click", () => go(state.step - 1));
el.next.addEventListener("click", () => go(state.step + 1));
el.last.addEventListener("click", () => go(state.summary.steps));
el.slider.addEventListener("input", () => go(el.slider.value));
el.number.addEventListener("change", () => go(el.number.value, true));
el.viewAs.addEventListener("change", () => {
  state.seat = el.viewAs.value === "" ? null : Number(el.viewAs.value);
  go(state.step);
});

// ← and → step, Home and End go to the ends (but not while typing a move number or
// choosing a view: those keys are theirs there; the slider moves itself)
document.addEventListener("keydown", (event) => {
  if (!state.summary || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  const to = { ArrowLeft: state.step - 1, ArrowRight: state.step + 1, Home: 0, End: state.summary.steps }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  go(to);
});

// == start ================================================================================
async function start() {
  const r = await api("GET", base);
  if (!r.ok || !r.data) {
    el.move.textContent = "";
    showMessage(`This game cannot be replayed: ${errorText(r)}`);
    return;
  }
  const summary = (state.summary = r.data);
  body.dataset.steps = String(summary.steps);
  for (const input of [el.slider, el.number]) input.max = String(summary.steps);
  el.of.textContent = `of ${summary.steps}`;
  for (let seat = 0; seat < summary.players; seat++) {
    el.viewAs.append(new Option(seatText(seat), String(seat)));
  }
  const params = new URLSearchParams(location.search);
  const seat = Number.parseInt(params.get("seat") ?? "", 10);
  if (seat >= 0 && seat < summary.players) state.seat = seat;
  el.viewAs.value = state.seat === null ? "" : String(state.seat);
  drawChart();
  go(Number.parseInt(params.get("step") ?? "0", 10) || 0);
}

start();
