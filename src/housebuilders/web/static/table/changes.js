// What changed since the seat's last turn, shown when the next one comes: the parts
// of the board drawn otherwise than on the seat's own turn (a number, a piece, a card)
// flash (class "changed"), and the log's lines since then are marked (class "new").
// A spectator, and a seat between two of its own moves, see the last move's changes.
// The last move's own parts are found the same way (`differing`, for lastmove.js).
//
// Parts are matched by what they are and where they are drawn (a text's position, a
// circle's centre, a rect's box). A part found again whole but elsewhere, moved by
// the same step as at least SHIFTED others (a panel laid out lower because one above
// it grew), moved with its section: it did not change. The spots a seat may click
// (the kit's "ghost" parts of a legal action) say what may be done, not what was:
// they are never marked, neither when they come nor when they go (a spot no longer
// offered, drawn plain again: the piece put there, if any, is what is marked). A board almost all of whose parts are new (more than MOST of
// them: another screen, not a move on this one) marks nothing; a new round dealt, a
// half of the board, is marked whole.

const SHAPES = "text, circle, rect, ellipse";
const MOST = 0.9;
const SHIFTED = 3;
const round = (v) => Math.round(v * 100) / 100; // a step, to the drawing's precision

function drawn(node) {
  const at = (...names) => names.map((n) => node.getAttribute(n));
  switch (node.tagName) {
    case "text":
      return { at: at("x", "y"), size: "", value: node.textContent };
    case "circle":
      return { at: at("cx", "cy"), size: at("r").join(), value: at("fill", "stroke").join() };
    case "ellipse":
      return { at: at("cx", "cy"), size: at("rx", "ry").join(), value: at("fill", "stroke").join() };
    default:
      return { at: at("x", "y"), size: at("width", "height").join(), value: at("fill", "stroke").join() };
  }
}

/** The parts of the drawing: not a tap's hit area nor a mark of this page's. A part
 * of a legal action drawn with ghost parts is a `spot`: a place to click. */
export function parts(svg) {
  const found = [];
  const spots = new Map(); // a legal action's group -> whether it is drawn as a spot
  for (const node of svg.querySelectorAll(SHAPES)) {
    if (node.classList.contains("hit") || node.closest(".page-mark")) continue;
    const act = node.closest("[data-index]");
    if (act && !spots.has(act)) spots.set(act, act.querySelector(".ghost") !== null);
    const { at, size, value } = drawn(node);
    const tag = node.tagName;
    const key = `${tag} ${at.join()},${size}`;
    found.push({ node, key, shape: `${tag} ${size} ${value}`, at: at.map(Number), value, spot: Boolean(act && spots.get(act)) });
  }
  return found;
}

/** The board's parts: key -> what is drawn there, where each shape is drawn, and
 * the keys of the spots to click. */
export function snapshot(svg) {
  const exact = new Map();
  const places = new Map(); // a shape and what it shows -> where it is drawn
  const spots = new Set();
  if (!svg) return { exact, places, spots };
  for (const part of parts(svg)) {
    exact.set(part.key, part.value);
    if (part.spot) spots.add(part.key);
    if (!places.has(part.shape)) places.set(part.shape, []);
    places.get(part.shape).push(part.at);
  }
  return { exact, places, spots };
}

/**
 * The parts of `svg` drawn otherwise than in `before` (a snapshot), each `{node, key}`
 * (spots to click left out). A board laid out anew (more than MOST of its parts new)
 * gives none.
 */
export function differing(svg, before) {
  if (!svg || !before || before.exact.size === 0) return [];
  const all = parts(svg).filter((part) => !part.spot);
  const unmatched = all.filter((part) => before.exact.get(part.key) !== part.value && !before.spots.has(part.key));
  // the steps by which parts found again whole elsewhere moved, and how many moved so
  const steps = new Map();
  const stepsOf = (part) =>
    (before.places.get(part.shape) || []).map(([x, y]) => `${round(part.at[0] - x)},${round(part.at[1] - y)}`);
  for (const part of unmatched) {
    for (const step of new Set(stepsOf(part))) steps.set(step, (steps.get(step) || 0) + 1);
  }
  const moved = (part) => stepsOf(part).some((step) => steps.get(step) > SHIFTED);
  const changed = unmatched.filter((part) => !moved(part));
  return changed.length > MOST * all.length ? [] : changed;
}

/** Mark the parts of `svg` drawn otherwise than in `before` (a snapshot); how many. */
export function markChanged(svg, before) {
  const changed = differing(svg, before);
  for (const { node } of changed) node.classList.add("changed");
  return changed.length;
}
