// What changed since the seat's last turn, shown when the next one comes: the parts
// of the board drawn otherwise than on the seat's own turn (a number, a piece, a card)
// flash (class "changed"), and the log's lines since then are marked (class "new").
// A spectator, and a seat between two of its own moves, see the last move's changes.
//
// Parts are matched by what they are and where they are drawn (a text's position, a
// circle's centre, a rect's box): a board laid out anew (more than half its parts
// moved) marks nothing rather than everything.

const SHAPES = "text, circle, rect, ellipse";
const MOST = 0.5;

function keyed(node) {
  const at = (...names) => names.map((n) => node.getAttribute(n)).join(",");
  switch (node.tagName) {
    case "text":
      return [`text ${at("x", "y")}`, node.textContent];
    case "circle":
      return [`circle ${at("cx", "cy", "r")}`, at("fill", "stroke")];
    case "ellipse":
      return [`ellipse ${at("cx", "cy", "rx", "ry")}`, at("fill", "stroke")];
    default:
      return [`rect ${at("x", "y", "width", "height")}`, at("fill", "stroke")];
  }
}

/** The board's parts by where they are drawn: key -> what is drawn there. */
export function snapshot(svg) {
  const parts = new Map();
  if (!svg) return parts;
  for (const node of svg.querySelectorAll(SHAPES)) {
    if (node.classList.contains("hit")) continue; // a tap's hit area, not the drawing
    const [key, value] = keyed(node);
    parts.set(key, value);
  }
  return parts;
}

/** Mark the parts of `svg` drawn otherwise than in `before` (a snapshot); how many. */
export function markChanged(svg, before) {
  if (!svg || !before || before.size === 0) return 0;
  const changed = [];
  let total = 0;
  for (const node of svg.querySelectorAll(SHAPES)) {
    if (node.classList.contains("hit")) continue;
    total += 1;
    const [key, value] = keyed(node);
    if (before.get(key) !== value) changed.push(node);
  }
  if (changed.length > MOST * total) return 0; // laid out anew: nothing to point at
  for (const node of changed) node.classList.add("changed");
  return changed.length;
}
