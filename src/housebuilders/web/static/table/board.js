// The board's events: a click or tap on a live part plays it (a tap between several
// small parts asks which one), a click on a part that may not be played asks the
// server why not, and hovering lights up a part and its button together. The board's
// zoom is ../zoom.js's.

import { withSeatNames } from "../naming.js";
import { boardZoom } from "../zoom.js";
import { act } from "./actions.js";
import { SVG_NS, TOKEN, api, base, el, refusalText, showMessage, state } from "./page.js";

function boardTarget(event) {
  const node = event.target.closest ? event.target.closest("[data-index]") : null;
  return node && el.board.contains(node) && node.classList.contains("live") ? node : null;
}

const zoom = boardZoom(el.board, document.getElementById("board-zoom"), sizeHitAreas);

/** Show the drawing `svg` as the board (null: none), at the zoom chosen. */
export function placeBoard(svg) {
  zoom.place(svg);
}

el.board.addEventListener("click", (event) => {
  // a click from the keyboard (detail 0) has no place: the focused part
  const nodes = event.detail === 0 ? [boardTarget(event)].filter(Boolean) : partsAt(event);
  if (nodes.length === 1) act(Number(nodes[0].getAttribute("data-index")));
  else if (nodes.length > 1) showPick(nodes);
  else askWhy(event);
});

// == taps on a small board ==============================================================
// A drawing scaled to a phone's width has parts a few pixels wide. On a touch screen
// (a coarse pointer) each part smaller than TAP_PX square gets a transparent hit area
// that big around it (rect.hit, drawing nothing). A tap inside one part as drawn plays
// that part, whatever hit areas of its neighbours reach over it; a tap that meets no
// part as drawn but the hit areas of several asks which one was meant (#pick), the
// nearest first. A mouse clicks the part under it, as drawn.
const TAP_PX = 24;
const coarse = window.matchMedia("(pointer: coarse)");

export function sizeHitAreas() {
  for (const old of el.board.querySelectorAll("rect.hit")) old.remove();
  const svg = el.board.querySelector("svg");
  if (!svg || !coarse.matches) return;
  const frame = svg.getBoundingClientRect();
  const within = (v, low, high) => Math.max(low, Math.min(v, high));
  for (const node of el.board.querySelectorAll("[data-index]")) {
    const r = node.getBoundingClientRect();
    const ctm = node.getScreenCTM();
    if (!ctm || !r.width || (r.width >= TAP_PX && r.height >= TAP_PX)) continue;
    const w = Math.max(r.width, TAP_PX + 0.5); // a little over, for rounding
    const h = Math.max(r.height, TAP_PX + 0.5);
    const left = within(r.left + (r.width - w) / 2, frame.left, frame.right - w);
    const top = within(r.top + (r.height - h) / 2, frame.top, frame.bottom - h);
    const back = ctm.inverse(); // the screen's pixels to the part's own units
    const a = new DOMPoint(left, top).matrixTransform(back);
    const b = new DOMPoint(left + w, top + h).matrixTransform(back);
    const hit = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({
      x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y),
    })) hit.setAttribute(name, String(value));
    hit.setAttribute("class", "hit");
    const title = node.querySelector(":scope > title");
    node.insertBefore(hit, title ? title.nextSibling : node.firstChild);
  }
}

coarse.addEventListener("change", sizeHitAreas);

/** The live parts of the board the event's point means: the topmost part drawn there;
 * else (on a touch screen, where no part is drawn) every part whose hit area is there,
 * the nearest first. */
function partsAt(event) {
  const drawn = [];
  const near = [];
  for (const hit of document.elementsFromPoint(event.clientX, event.clientY)) {
    const node = hit.closest ? hit.closest("[data-index]") : null;
    if (!node || !el.board.contains(node) || !node.classList.contains("live")) continue;
    const list = hit.classList.contains("hit") ? near : drawn;
    if (!list.includes(node)) list.push(node);
  }
  if (drawn.length || !coarse.matches) return drawn.slice(0, 1);
  const away = new Map(near.map((node) => [node, distance(node, event.clientX, event.clientY)]));
  return near.sort((a, b) => away.get(a) - away.get(b));
}

/** How far the point is from the part as drawn (its hit area left out), in CSS px. */
function distance(node, x, y) {
  let best = Infinity;
  for (const part of node.children) {
    if (part.classList.contains("hit") || part.localName === "title") continue;
    const r = part.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const dx = Math.max(r.left - x, 0, x - r.right);
    const dy = Math.max(r.top - y, 0, y - r.bottom);
    best = Math.min(best, Math.hypot(dx, dy));
  }
  return best;
}

function showPick(nodes) {
  const legal = new Map((state.view.legal_actions || []).map((a) => [a.index, a]));
  const seats = state.view.seats || [];
  el.pickActions.replaceChildren();
  for (const node of nodes) {
    const index = Number(node.getAttribute("data-index"));
    if (!legal.has(index)) continue;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "action";
    b.dataset.index = String(index);
    b.textContent = withSeatNames(legal.get(index).text, seats);
    el.pickActions.append(b);
    node.classList.add("hl");
  }
  el.pick.hidden = false;
  el.pickActions.querySelector("button")?.focus();
}

export function hidePick() {
  if (el.pick.hidden) return;
  el.pick.hidden = true;
  for (const node of el.board.querySelectorAll("[data-index].hl")) node.classList.remove("hl");
}

el.pickActions.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-index]");
  if (!button) return;
  hidePick();
  act(Number(button.dataset.index));
});
el.pickCancel.addEventListener("click", hidePick);
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") hidePick();
});

// "Why not?": a part of the board that stands for a move not legal now (class "ask",
// its action in data-action) asks the server, which answers with the rule that forbids
// it, worked out on what this seat may know; nothing is played.
async function askWhy(event) {
  const node = event.target.closest ? event.target.closest(".ask[data-action]") : null;
  if (!node || !el.board.contains(node) || !TOKEN || state.busy || !state.view) return;
  let action;
  try {
    action = JSON.parse(node.getAttribute("data-action"));
  } catch (err) {
    return;
  }
  const r = await api("POST", `${base}/why`, { action });
  const seats = (state.view && state.view.seats) || [];
  if (r.ok && r.data && r.data.legal) {
    showMessage(`“${r.data.text}” is a move you may make now: it is under Your move.`, "notice why");
  } else if (r.ok && r.data) {
    const rule = r.data.rule ? ` (${r.data.rule})` : "";
    showMessage(`Why not “${r.data.text}”? ${withSeatNames(r.data.error || "", seats)}${rule}`, "notice why");
  } else if (!r.network) {
    showMessage(refusalText(r), "error");
  }
}

el.board.addEventListener("keydown", (event) => {
  if (event.key !== "Enter" && event.key !== " ") return;
  const node = boardTarget(event);
  if (node) {
    event.preventDefault();
    act(Number(node.getAttribute("data-index")));
  }
});

// Hovering a button lights up the board part it stands for, and the other way round.
function highlight(index, on) {
  for (const node of el.board.querySelectorAll(`[data-index="${index}"]`)) node.classList.toggle("hl", on);
  for (const node of el.actions.querySelectorAll(`button[data-index="${index}"]`)) node.classList.toggle("hl", on);
}
for (const [area, selector] of [
  [el.actions, "button[data-index]"],
  [el.board, "[data-index].live"],
]) {
  area.addEventListener("mouseover", (event) => {
    const node = event.target.closest(selector);
    if (node) highlight(node.getAttribute("data-index"), true);
  });
  area.addEventListener("mouseout", (event) => {
    const node = event.target.closest(selector);
    if (node) highlight(node.getAttribute("data-index"), false);
  });
}
