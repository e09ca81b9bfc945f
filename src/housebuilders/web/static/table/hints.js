// At a table opened with hints, on the seat's turn: the greedy bot's move for the seat
// (worked out by the server on the seat's view alone), marked on the board and in the
// list of moves, with why in the game's words (what each move gains: points, money,
// materials, the house's progress). It holds for the view it was asked on.

import { api, base, el, refusalText, showMessage, state } from "./page.js";
import { renderActions } from "./render.js";

export function renderHint(view, yourTurn) {
  el.hint.hidden = !(view.hints && yourTurn);
  el.hint.disabled = state.hinting;
  if (state.hint && (state.hint.log_length !== view.log_length || !yourTurn)) clearHint();
}

function clearHint() {
  if (state.hint === null && el.hintBox.hidden) return;
  state.hint = null;
  el.hintBox.replaceChildren();
  el.hintBox.hidden = true;
  for (const node of document.querySelectorAll(".hinted")) node.classList.remove("hinted");
}

function showHint(hint) {
  state.hint = hint;
  const head = document.createElement("p");
  head.className = "hint-move";
  const label = document.createElement("strong");
  label.textContent = "Hint: ";
  head.append(label, document.createTextNode(hint.text));
  const why = document.createElement("p");
  why.className = "hint-why";
  why.textContent = hint.why;
  el.hintBox.replaceChildren(head, why);
  if (hint.next_best && hint.next_best.length) {
    const list = document.createElement("ul");
    list.className = "hint-others";
    for (const other of hint.next_best) {
      const li = document.createElement("li");
      li.textContent = other.gains ? `${other.text}: ${other.gains}` : other.text;
      list.append(li);
    }
    const intro = document.createElement("p");
    intro.className = "muted";
    intro.textContent = "Next best:";
    el.hintBox.append(intro, list);
  }
  el.hintBox.hidden = false;
  renderActions(); // marks the move on the board and among the buttons
  const marked = el.actions.querySelector("button.hinted");
  if (marked) marked.scrollIntoView({ block: "nearest" });
}

async function askHint() {
  if (state.hinting || !state.view) return;
  state.hinting = true;
  el.hint.disabled = true;
  const asked = state.view.log_length;
  el.hintBox.replaceChildren(Object.assign(document.createElement("p"), { className: "muted", textContent: "Thinking…" }));
  el.hintBox.hidden = false;
  const r = await api("POST", `${base}/hint`);
  state.hinting = false;
  el.hint.disabled = false;
  if (r.ok && r.data && state.view && r.data.log_length === state.view.log_length && asked === state.view.log_length) {
    showHint(r.data);
    return;
  }
  clearHint();
  if (!r.ok) showMessage(r.network ? "Could not reach the server for a hint." : refusalText(r), "error");
}

el.hint.addEventListener("click", () => askHint());
