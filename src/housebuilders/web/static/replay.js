// The replay page: a finished game, move by move, from any seat's view or the
// spectator's.
//
// The game's summary (its seats, every move, each seat's score total after every
// step) comes once from /api/tables/{id}/replay; each step's view (the board drawn
// as the table page draws it, the log up to it) from /api/tables/{id}/replay/{step}
// ?seat=. Step 0 is the deal, step k the game after k moves. The step and the view
// are kept in the address (?step=&seat=), so a link can point at a move. The game's
// review (/api/tables/{id}/review: each seat's chance to win after every move, its
// costliest moves) shows once the server has worked it out.

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
  reviewStatus: $("review-status"),
  chanceChart: $("chance-chart"),
  chanceLegend: $("chance-legend"),
  costlyPanel: $("costly-panel"),
  costly: $("costly"),
  reviewBot: $("review-bot"),
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

// == the charts: scores, and the chances to win ==========================================
// A line per seat over the steps (each seat's score total, or its chance to win after
// every move), a marker at the step shown, a click going to that move. Drawn here as
// SVG with classes only (the page's policy allows no style attribute).
const CHART = { width: 360, height: 180, left: 34, right: 8, top: 8, bottom: 22 };

function svgNode(name, attrs) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** A chart of ``rows`` (per step, a value per seat) in ``box``, its legend in
 * ``legend``: ``low``/``high`` the range, ``ticks`` the values labelled (as
 * ``tick`` writes them), ``show`` a value in the legend, ``label`` what the chart is for a screen reader. Returns
 * ``mark(step)``, which moves the marker and the legend's values to ``step``. */
function lineChart({ box, legend, rows, low, high, ticks, tick = String, show, label }) {
  const { players, steps } = state.summary;
  const { width, height, left, right, top, bottom } = CHART;
  const span = Math.max(1, steps);
  const x = (step) => left + ((width - left - right) * step) / span;
  const y = (value) => top + ((height - top - bottom) * (high - value)) / (high - low);
  const svg = svgNode("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "score-chart" });
  svg.setAttribute("aria-label", label);
  svg.append(svgNode("line", { x1: left, y1: y(low), x2: width - right, y2: y(low), class: "axis" }));
  svg.append(svgNode("line", { x1: left, y1: top, x2: left, y2: height - bottom, class: "axis" }));
  for (const value of new Set(ticks)) {
    const text = svgNode("text", { x: left - 4, y: y(value) + 4, class: "tick", "text-anchor": "end" });
    text.textContent = tick(value);
    svg.append(text);
  }
  for (const step of [0, steps]) {
    const text = svgNode("text", { x: x(step), y: height - 6, class: "tick", "text-anchor": step ? "end" : "start" });
    text.textContent = step ? `move ${step}` : "deal";
    svg.append(text);
  }
  for (let seat = 0; seat < players; seat++) {
    const points = rows.map((row, step) => `${x(step).toFixed(1)},${y(row[seat]).toFixed(1)}`);
    const line = svgNode("polyline", { points: points.join(" "), class: `series series-${seat % 8}`, "data-seat": seat });
    line.append(Object.assign(svgNode("title", {}), { textContent: seatText(seat) }));
    svg.append(line);
  }
  const marker = svgNode("line", { id: `${box.id}-marker`, x1: 0, y1: top, x2: 0, y2: height - bottom, class: "marker" });
  svg.append(marker);
  const dots = [];
  for (let seat = 0; seat < players; seat++) {
    dots.push(svgNode("circle", { r: 3, cx: 0, cy: 0, class: `dot series-${seat % 8}`, "data-seat": seat }));
  }
  svg.append(...dots);
  // a click on the chart goes to that move
  svg.addEventListener("click", (event) => {
    const rect = svg.getBoundingClientRect();
    const at = ((event.clientX - rect.left) / rect.width) * width;
    go(((at - left) / (width - left - right)) * span);
  });
  box.replaceChildren(svg);
  legend.replaceChildren();
  const values = [];
  for (let seat = 0; seat < players; seat++) {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    const swatch = document.createElement("span");
    swatch.className = `swatch series-${seat % 8}`;
    const name = document.createElement("span");
    name.textContent = seatText(seat);
    const value = document.createElement("span");
    value.className = "points";
    values.push(value);
    li.append(swatch, name, value);
    legend.append(li);
  }
  return (step) => {
    const row = rows[step] || [];
    marker.setAttribute("x1", x(step));
    marker.setAttribute("x2", x(step));
    dots.forEach((dot, seat) => {
      dot.setAttribute("cx", x(step));
      dot.setAttribute("cy", y(row[seat] ?? low));
    });
    values.forEach((value, seat) => {
      value.textContent = row[seat] === undefined ? "–" : show(row[seat]);
    });
  };
}

const marks = [];

function drawChart() {
  const { totals, steps } = state.summary;
  const values = totals.flat();
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  marks.push(
    lineChart({
      box: el.chart,
      legend: el.legend,
      rows: totals,
      low,
      high,
      ticks: [low, 0, high],
      show: (v) => scoreShort(state.summary.score_unit, v),
      label: `Each seat's score after every move, moves 0 to ${steps}`,
    }),
  );
}

function markChart(step) {
  for (const mark of marks) mark(step);
}

// == the review: each seat's chance to win, and its costliest moves ======================
// Worked out by the server once the game is over (never before): "pending" for a while,
// then ready; the page asks again every few seconds meanwhile.
const percent = (v) => `${Math.round(v * 100)}%`;
const REVIEW_POLL_MS = 3000;
// the bot whose moves the review preferred, named as the server does (a review stored
// before reviews named it was the greedy bot's)
const reviewBot = (review) => (review.bot ? `the strong bot (${review.bot})` : "the greedy bot");

async function loadReview() {
  const r = await api("GET", `/api/tables/${encodeURIComponent(TABLE)}/review`);
  if (!r.ok || !r.data) {
    el.reviewStatus.textContent = `No review: ${errorText(r)}`;
    return;
  }
  if (r.data.status !== "ready") {
    el.reviewStatus.textContent = "The review is being worked out…";
    body.dataset.review = "pending";
    setTimeout(loadReview, REVIEW_POLL_MS);
    return;
  }
  showReview(r.data);
}

function showReview(review) {
  body.dataset.review = "ready";
  el.reviewStatus.textContent =
    "Each seat's chance to win after every move, as the strong bot's evaluation of the position sees it from that seat (click to go to a move).";
  el.chanceChart.hidden = el.chanceLegend.hidden = false;
  marks.push(
    lineChart({
      box: el.chanceChart,
      legend: el.chanceLegend,
      rows: review.chances,
      low: 0,
      high: 1,
      ticks: [0, 0.5, 1],
      tick: percent,
      show: percent,
      label: `Each seat's chance to win after every move, moves 0 to ${state.summary.steps}`,
    }),
  );
  markChart(state.step);
  el.reviewBot.textContent = reviewBot(review);
  showCostly(review.costliest || [], reviewBot(review));
}

function showCostly(costly, bot) {
  const fragment = document.createDocumentFragment();
  for (let seat = 0; seat < state.summary.players; seat++) {
    const mine = costly.filter((c) => c.seat === seat);
    const part = document.createElement("div");
    part.className = "costly-seat";
    part.dataset.seat = String(seat);
    const heading = document.createElement("h3");
    const swatch = document.createElement("span");
    swatch.className = `swatch series-${seat % 8}`;
    heading.append(swatch, ` ${seatText(seat)}`);
    part.append(heading);
    if (!mine.length) {
      part.append(Object.assign(document.createElement("p"), { className: "muted", textContent: "No move cost a chance to win: each was as good as the bot's." }));
    }
    const list = document.createElement("ol");
    list.className = "costly";
    for (const c of mine) list.append(costlyItem(c, bot));
    if (mine.length) part.append(list);
    fragment.append(part);
  }
  el.costly.replaceChildren(fragment);
  el.costlyPanel.hidden = false;
}

function costlyItem(c, bot) {
  const seats = state.summary.seats;
  const li = document.createElement("li");
  li.dataset.step = String(c.step);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link costly-move";
  button.title = `Go to move ${c.step}`;
  button.textContent = `Move ${c.step}: ${withSeatNames(c.played, seats)}`;
  button.addEventListener("click", () => go(c.step));
  const lost = document.createElement("span");
  lost.className = "lost";
  lost.textContent = ` −${percent(c.lost)} chance to win (${percent(c.preferred_chance)} → ${percent(c.played_chance)})`;
  const preferred = document.createElement("p");
  preferred.className = "preferred";
  preferred.textContent = `${bot[0].toUpperCase()}${bot.slice(1)} preferred: ${withSeatNames(c.preferred, seats)}.`;
  const why = document.createElement("p");
  why.className = "why muted";
  why.textContent = `Why: it gains ${c.preferred_gains}; the move played gains ${c.played_gains}.`;
  li.append(button, lost, preferred, why);
  return li;
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
  loadReview();
}

start();
