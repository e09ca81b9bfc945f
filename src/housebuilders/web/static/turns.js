// Whose turn it is at each of this browser's tables (turn-based play: a day a move),
// for the lobby's Your tables: asked with one of the seats' tokens this browser holds.

import { api } from "./http.js";
import { myTables } from "./mine.js";
import { seatName } from "./naming.js";

const BASE_TITLE = document.title;

/** A seat link's token: in the query (?token=) or the fragment (#token=). */
function tokenOf(url) {
  const u = new URL(url, location.origin);
  return u.searchParams.get("token") || new URLSearchParams(u.hash.slice(1)).get("token");
}

function listNames(names) {
  return names.length > 3 ? `${names.length} seats` : names.join(", ");
}

/**
 * Each `.my-table` of `box` says whose turn it is ("● your turn" where one of the
 * seats whose link this browser holds is to move), and the page's title counts them.
 */
export async function showTurns(box) {
  let yours = 0;
  const asked = [...box.querySelectorAll(".my-table")].map(async (entry) => {
    const t = myTables().find((x) => x.table === entry.dataset.table);
    const held = ((t && t.seats) || []).filter((s) => s.url && tokenOf(s.url));
    if (!held.length) return;
    const token = encodeURIComponent(tokenOf(held[0].url));
    const r = await api("GET", `/api/tables/${encodeURIComponent(t.table)}/view?svg=false&token=${token}`);
    const turn = entry.querySelector(".turn");
    if (!r.ok || !r.data) {
      turn.textContent = r.status === 404 ? "· gone" : "";
      return;
    }
    const view = r.data;
    const mine = new Set(held.map((s) => s.seat));
    const acting = view.acting || [];
    if (view.terminal) turn.textContent = "· over";
    else if (acting.some((s) => mine.has(s))) {
      yours += 1;
      turn.textContent = "· ● your turn";
      entry.classList.add("your-turn");
    } else {
      const names = acting.map((s) => seatName((view.seats || [])[s] || {}, s));
      turn.textContent = names.length ? `· waiting for ${listNames(names)}` : "";
    }
  });
  await Promise.all(asked);
  document.title = yours ? `● ${yours} · ${BASE_TITLE}` : BASE_TITLE;
}
