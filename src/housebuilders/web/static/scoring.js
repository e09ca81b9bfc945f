// How the pages write a score: in the unit the game counts in (the view's score_unit,
// the game's ScoreUnit): points ("36 points"), or money as its board writes it
// ("-$36,000": a prefix, each unit of the scores worth `factor`, and no word after).
const POINTS = { one: "point", many: "points", prefix: "", factor: 1 };

function unitOf(unit) {
  return unit && typeof unit === "object" ? { ...POINTS, ...unit } : POINTS;
}

function money(u, total) {
  return `${total < 0 ? "-" : ""}${u.prefix}${(Math.abs(total) * u.factor).toLocaleString("en-US")}`;
}

// A total in words: "36 points", "1 point", "-$36,000".
export function scoreText(unit, total) {
  const u = unitOf(unit);
  if (u.prefix) return money(u, total);
  const amount = total * u.factor;
  return `${amount} ${Math.abs(amount) === 1 ? u.one : u.many}`;
}

// A number in a score table's cell: the bare number for points ("36"), money written
// whole ("$16,000").
export function scoreCell(unit, total) {
  const u = unitOf(unit);
  if (typeof total !== "number") return String(total ?? "–");
  return u.prefix ? money(u, total) : String(total * u.factor);
}

// Short, beside a seat's name: "36 pts", "-$36,000".
export function scoreShort(unit, total) {
  const u = unitOf(unit);
  return u.prefix || u.many !== "points" ? scoreText(u, total) : `${total * u.factor} pts`;
}
