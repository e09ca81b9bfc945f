// This browser's tables, newest first: the ones it opened (with every seat's link, as
// the lobby showed them) and the seats it took (its own link, kept when a seat's page
// opens, and the next table's when a game is played again). The links are the seats'
// secrets: they stay in this browser (localStorage), the 20 newest, until forgotten.

export const MINE_MAX = 20;
const MINE_KEY = "housebuilders.my-tables";

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(MINE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (err) {
    return [];
  }
}

export function saveMine(list) {
  try {
    localStorage.setItem(MINE_KEY, JSON.stringify(list.slice(0, MINE_MAX)));
  } catch (err) {
    // storage full or refused (private mode): the links were shown, nothing more
  }
}

/** Keep `entry` ({table, game, opened, seats, spectate}) first, its seats added to what
 *  this browser already knew of the table (a seat's link replaces that seat's). */
export function remember(entry) {
  const list = myTables();
  const known = list.find((t) => t.table === entry.table);
  const seats = new Map(((known && known.seats) || []).map((s) => [s.seat, s]));
  for (const s of entry.seats || []) seats.set(s.seat, { ...seats.get(s.seat), ...s });
  const merged = { ...known, ...entry, opened: (known && known.opened) || entry.opened };
  merged.seats = [...seats.values()].sort((a, b) => a.seat - b.seat);
  saveMine([merged, ...list.filter((t) => t.table !== entry.table)]);
}

export function forget(table) {
  saveMine(myTables().filter((t) => t.table !== table));
}
