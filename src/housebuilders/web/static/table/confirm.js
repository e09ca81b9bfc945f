// Asking before a step that hands the seat over or ends the game for the person (leave,
// resign, abandon): an in-page dialog that says what will happen, never the browser's
// own confirm().

const dialog = document.getElementById("confirm");
const heading = document.getElementById("confirm-heading");
const text = document.getElementById("confirm-text");
const ok = document.getElementById("confirm-ok");
const cancel = document.getElementById("confirm-cancel");

/**
 * Ask `question` (the heading), saying `what` happens; `yes` labels the button that goes
 * ahead, `no` the one that stays. Resolves true only when that button is clicked; Escape,
 * `no` or another confirm asked meanwhile resolve false.
 */
export function confirmStep({ question, what, yes, no = "Stay" }) {
  if (dialog.open) dialog.close("cancel");
  heading.textContent = question;
  text.textContent = what;
  ok.textContent = yes;
  cancel.textContent = no;
  dialog.returnValue = "";
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true });
    dialog.showModal();
    cancel.focus(); // the safe choice under Enter
  });
}
