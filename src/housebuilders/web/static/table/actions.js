// Playing: a move (a button, or a part of the board), undo, back, leave, a name and a
// rematch, each POSTed to the table; the page is busy meanwhile.

import { confirmStep } from "./confirm.js";
import { refresh, setConnection } from "./live.js";
import { api, base, body, clearMessage, el, refusalText, showMessage, state } from "./page.js";
import { markLiveParts, render, renderActions } from "./render.js";

/** POST to the table (an action, undo, back) and render the view it returns. */
async function post(path, payload, { successClears = true, method = "POST" } = {}) {
  if (state.busy) return;
  setBusy(true);
  const wsBefore = state.wsViews;
  const r = await api(method, `${base}/${path}`, payload);
  setBusy(false);
  if (r.ok && r.data) {
    if (successClears) clearMessage();
    el.filter.value = "";
    // When the websocket delivered a view meanwhile, it is at least as new as this
    // answer (and the socket will push the view after our change anyway), unless it
    // came from another seat's move made just before ours (simultaneous choices).
    const newer = (r.data.log_length ?? 0) > ((state.view && state.view.log_length) ?? 0);
    if (!state.wsOpen || state.wsViews === wsBefore || newer) render(r.data);
    else renderActions(); // re-enable buttons for the current view
    return;
  }
  if (r.network) {
    showMessage("Could not reach the server. Check your connection; the page will catch up when it is back.", "notice", {
      outage: true,
    });
    setConnection("offline");
    return;
  }
  showMessage(refusalText(r), "error");
  // The move may have been stale (someone else acted first): catch up.
  await refresh();
}

export function act(index) {
  if (!state.view || state.busy) return;
  const known = (state.view.legal_actions || []).some((a) => a.index === index);
  if (!known) return;
  // log_length: the server refuses (409) a click on a view the table has moved past.
  // Not while this seat chooses together with others (Welcome To's rounds): their
  // choices, made meanwhile, do not change this seat's, and nobody should have to wait
  // for the others' clicks to arrive before their own counts. The server still checks
  // that the move is legal.
  const acting = state.view.acting || [];
  const together = acting.length > 1 && acting.includes(state.view.seat);
  post("actions", together ? { index } : { index, log_length: state.view.log_length });
}

function setBusy(busy) {
  state.busy = busy;
  body.dataset.busy = busy ? "true" : "false";
  for (const b of document.querySelectorAll("#actions button, #undo, #back, #seat-tools button, #rematch")) {
    b.disabled = busy;
  }
  el.actions.classList.toggle("busy", busy);
  el.board.classList.toggle("busy", busy);
  if (state.view) markLiveParts(state.view);
}

// == events =============================================================================
el.actions.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-index]");
  if (button && !button.disabled) act(Number(button.dataset.index));
});

el.filter.addEventListener("input", () => renderActions());
el.filter.addEventListener("keydown", (event) => {
  if (event.key !== "Enter") return;
  const first = el.actions.querySelector("button[data-index]");
  if (first) act(Number(first.dataset.index));
});

el.undo.addEventListener("click", () => post("undo"));
// a phone's menu of the seat's steps: open and closed by its button, closed by a step
function showSeatMenu(open) {
  el.seatMenu.classList.toggle("open", open);
  el.seatMenuToggle.setAttribute("aria-expanded", String(open));
}
el.seatMenuToggle.addEventListener("click", () => showSeatMenu(!el.seatMenu.classList.contains("open")));
for (const step of [el.leave, el.resign, el.abandon]) step.addEventListener("click", () => showSeatMenu(false));
el.back.addEventListener("click", () => post("back"));
el.leave.addEventListener("click", async () => {
  const bot = state.view && state.view.clock_bot ? `A bot (${state.view.clock_bot})` : "A bot";
  const leave = await confirmStep({
    question: "Leave the game?",
    what:
      `${bot} plays your seat until you come back: click “I'm back” on this page, or open ` +
      "your link again. While this page is open it plays at a person's pace, a move every " +
      "few seconds; once it is closed, at once. The game goes on for the others.",
    yes: "Leave the game",
  });
  if (leave) post("leave");
});
el.resign.addEventListener("click", async () => {
  const view = state.view || {};
  const playing = (view.seats || []).filter((s) => !s.resigned).length;
  const ends = playing <= 2;
  const resign = await confirmStep({
    question: "Resign?",
    what:
      "Your seat loses: it ranks last whatever it scores, and you cannot come back. " +
      (ends
        ? "With one other seat left, the game ends now and that seat wins."
        : "The others play on; a bot plays your seat's turns until the end."),
    yes: "Resign",
    no: "Keep playing",
  });
  if (resign) post("resign");
});
el.abandon.addEventListener("click", async () => {
  const view = state.view || {};
  const me = (view.seats || [])[view.seat] || {};
  if (me.abandon) {
    post("abandon", undefined, { method: "DELETE" }); // withdrawing a vote needs no asking
    return;
  }
  const voted = (view.seats || []).some((s) => s.abandon);
  const people = (view.seats || []).filter((s) => s.kind === "human" && !s.resigned && !s.open).length;
  const abandon = await confirmStep({
    question: voted ? "Agree to abandon the game?" : "Propose to abandon the game?",
    what:
      people === 1
        ? "You are the only person playing at this table: the game ends now with no winner, " +
          "and is listed as abandoned."
        : "When every person at the table agrees, the game ends with no winner and is listed " +
          "as abandoned. Until then it goes on, and you may withdraw your vote.",
    yes: voted ? "Agree to abandon" : "Propose to abandon",
    no: "Keep playing",
  });
  if (abandon) post("abandon");
});
el.rematch.addEventListener("click", async () => {
  if (state.busy) return;
  setBusy(true);
  const r = await api("POST", `${base}/rematch`);
  setBusy(false);
  if (r.ok && r.data && r.data.url) location.assign(r.data.url);
  else showMessage(r.network ? "Could not reach the server." : refusalText(r), "error");
});
el.nameForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = el.nameInput.value.trim();
  if (name) post("name", { name });
});
