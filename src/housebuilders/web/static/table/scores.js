// The scores (so far, and the final ones with who won, why the game ended and the
// tie-breaks) and the game's log.

import { seatName, withSeatNames } from "../naming.js";
import { scoreCell, scoreText } from "../scoring.js";
import { TABLE, base, el, state } from "./page.js";

/** A seat as the scores and the last move name it: "Seat 1 (greedy)", "Ada (seat 0) (you)". */
export function seatLabel(view, seat) {
  const info = (view.seats || [])[seat] || {};
  let label = seatName(info, seat);
  if (info.kind === "bot") label += ` (${info.bot || "bot"})`;
  if (info.resigned) label += " (resigned)";
  if (view.seat === seat) label += " (you)";
  return label;
}

export function listSeats(seats) {
  const names = seats.map(String);
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// A column's head in two short lines, the name and what the seat is ("Ada" over
// "seat 0 · you", "Seat 1" over "greedy"), so that it does not wrap word by word in a
// narrow column; its title is the whole label.
function seatHead(th, view, seat) {
  const info = (view.seats || [])[seat] || {};
  const who = document.createElement("span");
  who.className = "who";
  who.textContent = info.name ? String(info.name) : `Seat ${seat}`;
  const what = [];
  if (info.name) what.push(`seat ${seat}`);
  if (info.kind === "bot") what.push(info.bot || "bot");
  if (info.resigned) what.push("resigned");
  if (view.seat === seat) what.push("you");
  th.append(who);
  if (what.length) {
    const more = document.createElement("span");
    more.className = "what";
    more.textContent = what.join(" · ");
    th.append(" ", more);
  }
  th.title = seatLabel(view, seat);
}

function humanize(key) {
  const text = String(key).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function scoreTable(view, final) {
  const scores = view.scores || [];
  const ranking = view.ranking || null;
  const won = (seat) => Array.isArray(view.winners) && view.winners.includes(seat);
  const categories = [];
  for (const s of scores) {
    for (const key of Object.keys((s && s.breakdown) || {})) if (!categories.includes(key)) categories.push(key);
  }
  const table = document.createElement("table");
  table.className = "scores";
  const head = table.createTHead().insertRow();
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = "";
  head.append(corner);
  scores.forEach((_, seat) => {
    const th = document.createElement("th");
    th.scope = "col";
    seatHead(th, view, seat);
    if (won(seat)) th.classList.add("winner");
    if (seat === view.seat) th.classList.add("mine");
    head.append(th);
  });
  const tbody = table.createTBody();
  const row = (label, cls, cell) => {
    const tr = tbody.insertRow();
    if (cls) tr.className = cls;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = label;
    tr.append(th);
    scores.forEach((s, seat) => {
      const td = tr.insertCell();
      td.textContent = cell(s || {}, seat);
      if (won(seat)) td.classList.add("winner");
    });
  };
  for (const key of categories) {
    row(humanize(key), "category", (s) => scoreCell(view.score_unit, (s.breakdown || {})[key]));
  }
  row("Total", "total", (s) => scoreCell(view.score_unit, s.total));
  if (scores.some((s) => s && "complete" in s)) {
    row("Complete house", "complete", (s) => (s.complete ? "✓ yes" : "no"));
  }
  if (final && ranking) row("Rank", "rank", (_, seat) => String(ranking[seat] ?? "–"));
  return table;
}

// Who won, from the view's winners (the game's winners(): several share the win; none
// when everyone lost, as in Mr House advanced when no house is complete).
function headline(view) {
  const scores = view.scores || [];
  if (view.ended_by === "agreement") return "Abandoned by agreement: no winner";
  if (!Array.isArray(view.winners)) return "Game over";
  const winners = view.winners;
  if (winners.length === 0) return "Everyone lost";
  const total = (seat) => scores[seat] && scores[seat].total;
  const pts = (seat) => (typeof total(seat) === "number" ? ` with ${scoreText(view.score_unit, total(seat))}` : "");
  if (winners.length === 1) {
    const w = winners[0];
    if (w === view.seat) return `You win${pts(w)}!`;
    return `${seatLabel(view, w)} wins${pts(w)}`;
  }
  const names = winners.map((w) => (w === view.seat ? "you" : seatLabel(view, w)));
  return `Shared first place: ${listSeats(names)}${pts(winners[0])}`;
}

export function renderScores(view, terminal) {
  el.scores.replaceChildren();
  const scores = view.scores || null;
  if (terminal) {
    el.scoresHeading.textContent = "Final scores";
    const final = document.createElement("div");
    final.id = "final";
    const h = document.createElement("p");
    h.id = "headline";
    h.className = "headline";
    h.textContent = headline(view);
    final.append(h);
    // why it ended, where the game says so in its last log line ("the game ends ...")
    const last = (view.events || []).at(-1);
    if (typeof last === "string" && /^the game ends\b/i.test(last)) {
      const why = document.createElement("p");
      why.id = "end-reason";
      why.className = "muted";
      why.textContent = withSeatNames(last.charAt(0).toUpperCase() + last.slice(1), view.seats || []);
      final.append(why);
    }
    if (scores && scores.length) final.append(scoreTable(view, true));
    const watch = document.createElement("a"); // the replay page: move by move, any seat's view
    watch.id = "replay-link";
    watch.className = "button replay-page";
    watch.href = `/t/${encodeURIComponent(TABLE)}/replay`;
    watch.textContent = "Replay this game";
    final.append(watch);
    // tied totals: the rulebook's tie-break that ranked them, or that they share a rank
    const ties = Array.isArray(view.tie_breaks) ? view.tie_breaks : [];
    if (ties.length) {
      const list = document.createElement("ul");
      list.id = "tie-breaks";
      list.className = "tie-breaks";
      for (const note of ties) {
        const li = document.createElement("li");
        const text = withSeatNames(String(note), view.seats || []);
        li.textContent = text.charAt(0).toUpperCase() + text.slice(1);
        list.append(li);
      }
      final.append(list);
    }
    // the raw log, for programs (hb.replay): a download, secondary, under the rest
    const raw = document.createElement("p");
    raw.className = "raw-log muted";
    const replay = document.createElement("a");
    replay.href = `${base}/log`;
    replay.download = `${TABLE}-log.json`;
    replay.textContent = "Download the log (JSON)";
    replay.className = "replay";
    replay.title = "the game's seed and moves as JSON, for a program to replay; to watch it, use Replay this game";
    raw.append(replay);
    final.append(raw);
    el.scores.append(final);
    el.scores.parentElement.classList.add("final");
    el.scores.parentElement.hidden = false;
    return;
  }
  el.scoresHeading.textContent = "Scores so far";
  el.scores.parentElement.classList.remove("final");
  // Scores during play are shown when the server sends them (some games keep them hidden).
  el.scores.parentElement.hidden = !(scores && scores.length);
  if (scores && scores.length) el.scores.append(scoreTable(view, false));
}

/** A log line's words: the games write strings (an object's `text`, else its JSON). */
export function lineText(ev) {
  return typeof ev === "string" ? ev : ev && ev.text ? ev.text : JSON.stringify(ev);
}

export function renderLog(view) {
  const events = view.events || [];
  // the lines since the seat's last turn (a spectator's: since the last view) are new,
  // worked out once a view (a view drawn again keeps its marks)
  if (state.logAt !== view.log_length) {
    const mine = view.seat !== null && view.seat !== undefined;
    const yourTurn = mine && !view.terminal && (view.acting || []).includes(view.seat);
    state.logAt = view.log_length;
    state.logSince = state.seenLog ?? events.length;
    if (!mine || yourTurn || view.terminal) state.seenLog = events.length;
  }
  const since = state.logSince;
  const move = state.lastMove;
  const box = el.log;
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40 || box.childElementCount === 0;
  const fragment = document.createDocumentFragment();
  events.forEach((ev, i) => {
    const li = document.createElement("li");
    if (i >= since) li.className = "new";
    if (move && i >= move.from && i < move.to) li.classList.add("last-move"); // lastmove.js
    li.textContent = withSeatNames(lineText(ev), view.seats || []);
    fragment.append(li);
  });
  box.replaceChildren(fragment);
  if (events.length === 0) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = "Nothing has happened yet.";
    box.append(li);
  }
  if (nearBottom) box.scrollTop = box.scrollHeight;
}
