// The last move, for every seat and spectator alike (issue 46, boards that explain
// themselves): the parts of the board it changed are outlined (class "last-move", and
// a box around each in the page's colour for it), the log's lines it wrote are marked
// (class "last-move", scores.js), and the line under the status says who made it in
// the log's own words ("Last move: Seat 1 (greedy) placed a marker on the cement
// store"). The marks stay until the next move; a move taken back takes them away.
// The board is compared with the one the page drew before the move (changes.js's
// `differing`): the first view, with nothing drawn before it, marks nothing, and a
// page that missed views (a slow connection) marks what changed since the last board
// it drew.

import { differing, parts } from "./changes.js";
import { withSeatNames } from "../naming.js";
import { SVG_NS, el, state } from "./page.js";
import { lineText, seatLabel } from "./scores.js";

const PAD = 3; // the box's room around a part, in the drawing's units
// A part that covers more of the drawing than this (the paper, a seat's panel whose
// edge says whose turn it is) gets no box: outlined, it would point at nothing.
const BIG = 1 / 8;

/**
 * A view seen: whether it tells of a move since the page's last view (its seat knows
 * of more moves, or fewer: one taken back). `state.lastMove` is then that move (the
 * seat that made it and the log's lines it wrote), or null once one was taken back.
 */
export function noteMove(view) {
  const moves = view.log_length ?? 0;
  const lines = (view.events || []).length;
  const before = state.movesAt;
  state.movesAt = { moves, lines };
  if (!before || moves === before.moves) return false;
  state.lastMove =
    moves < before.moves ? null : { seat: view.last_mover ?? null, from: Math.min(before.lines, lines), to: lines, keys: new Set() };
  return true;
}

/**
 * Mark the last move on the board drawn now (`svg`, on the page; `seen`, its snapshot,
 * or null when the drawing did not change): after a move (`moved`), the parts drawn
 * otherwise than on the board before it; else the move's parts again, on a drawing
 * redrawn for something else (a seat's new name).
 */
export function showLastMove(svg, moved, seen) {
  const move = state.lastMove;
  if (!svg) return;
  for (const old of svg.querySelectorAll(".last-move")) old.classList.remove("last-move");
  for (const old of svg.querySelectorAll(".last-move-marks")) old.remove();
  let marked = [];
  if (move && moved && seen) {
    marked = differing(svg, state.shownBoard).filter(({ node }) => !big(svg, node));
    move.keys = new Set(marked.map(({ key }) => key));
  } else if (move && !moved) {
    marked = parts(svg).filter(({ key, spot }) => !spot && move.keys.has(key));
  } else if (move) {
    move.keys = new Set(); // the move changed nothing this page draws
  }
  if (seen) state.shownBoard = seen;
  for (const { node } of marked) node.classList.add("last-move");
  outline(svg, marked.map(({ node }) => node));
  el.board.dataset.lastMove = String(marked.length); // how many
}

function area(box) {
  return box.width * box.height;
}

function big(svg, node) {
  const view = svg.viewBox && svg.viewBox.baseVal;
  const whole = view && view.width ? area(view) : area(svg.getBBox());
  return area(node.getBBox()) > BIG * whole;
}

/** A box around each part, the largest first; a part inside a box drawn already (a
 * card's name, in the card) gets none of its own. */
function outline(svg, nodes) {
  if (!nodes.length) return;
  const boxes = nodes.map((node) => node.getBBox()).sort((a, b) => area(b) - area(a));
  const drawn = [];
  const inside = (b, a) =>
    b.x >= a.x - PAD && b.y >= a.y - PAD && b.x + b.width <= a.x + a.width + PAD && b.y + b.height <= a.y + a.height + PAD;
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "last-move-marks page-mark");
  group.setAttribute("aria-hidden", "true");
  for (const box of boxes) {
    if (drawn.some((outer) => inside(box, outer))) continue;
    drawn.push(box);
    const rect = document.createElementNS(SVG_NS, "rect");
    const at = { x: box.x - PAD, y: box.y - PAD, width: box.width + 2 * PAD, height: box.height + 2 * PAD, rx: PAD };
    for (const [name, value] of Object.entries(at)) rect.setAttribute(name, String(value));
    rect.setAttribute("class", "last-move-box");
    group.append(rect);
  }
  svg.append(group);
}

/** The line under the status: who made the last move, in its log line's words. */
export function renderLastMove(view) {
  const move = state.lastMove;
  const lines = move ? (view.events || []).slice(move.from, move.to).map(lineText) : [];
  const who = move && move.seat !== null ? seatLabel(view, move.seat) : null;
  el.lastMove.hidden = !move || (who === null && !lines.length);
  if (el.lastMove.hidden) return;
  const seats = view.seats || [];
  // the line that starts with the mover ("player 1 placed a marker on ..."), named as
  // the page names seats, with what plays it
  const mover = new RegExp(`^player ${move.seat}\\b`, "i");
  const own = who === null ? -1 : lines.findIndex((line) => mover.test(line));
  let text;
  if (own >= 0) text = `Last move: ${who}${withSeatNames(lines[own].replace(mover, ""), seats)}`;
  else if (who !== null) text = `Last move by ${who}${lines.length ? `: ${withSeatNames(lines[0], seats)}` : ""}`;
  else text = `Last move: ${withSeatNames(lines[0], seats)}`;
  el.lastMove.textContent = text;
  el.lastMove.title = lines.map((line) => withSeatNames(line, seats)).join("\n");
  el.lastMove.dataset.seat = move.seat === null ? "" : String(move.seat);
}
