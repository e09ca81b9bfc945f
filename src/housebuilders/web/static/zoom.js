// The board's zoom (issue 46). A drawing scaled to a phone's width has text some 4 px
// high. At "readable" the drawing is shown at the scale where its smallest text is
// READABLE_PX CSS px, found in the drawing itself (each <text>'s computed font size in
// the drawing's own units, whatever the game), inside its box, which scrolls: a finger
// pans it, and so does a mouse dragged over it; the page itself never scrolls
// sideways. At "fit" the drawing takes its box's width. Narrow screens start readable,
// wide ones fit; a person's choice (the Fit and Readable buttons) holds for the tab.
// Where the drawing is readable at its box's width already, there is nothing to choose
// and the buttons are hidden.

export const READABLE_PX = 11;
const NARROW = window.matchMedia("(max-width: 860px)");
const KEY = "housebuilders.zoom";
const DRAG_PX = 6; // a mouse moved further than this while pressed pans: no click

/** The smallest font size of the drawing's text in the drawing's own units (0: no text). */
export function smallestText(svg) {
  const root = svg.getScreenCTM();
  if (!root) return 0;
  const unit = Math.hypot(root.a, root.b);
  let least = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    if (!text.textContent.trim()) continue;
    const m = text.getScreenCTM();
    const size = parseFloat(getComputedStyle(text).fontSize);
    if (m && size > 0) least = Math.min(least, (size * Math.hypot(m.a, m.b)) / unit);
  }
  return Number.isFinite(least) && unit > 0 ? least : 0;
}

function stored() {
  try {
    const value = sessionStorage.getItem(KEY);
    return value === "fit" || value === "readable" ? value : null;
  } catch {
    return null;
  }
}

/**
 * The zoom of `board` (a box that scrolls, holding one <svg>) with its buttons in `bar`
 * ([data-zoom="fit"], [data-zoom="readable"]). `changed()` is called after each change
 * of the drawing's size on the screen (the board's hit areas depend on it).
 */
export function boardZoom(board, bar, changed = () => {}) {
  let chosen = stored();
  let units = 0; // the smallest text of the drawing shown, in its own units

  const mode = () => chosen || (NARROW.matches ? "readable" : "fit");

  function apply() {
    const svg = board.querySelector(":scope > svg");
    const box = svg && svg.viewBox.baseVal;
    const style = svg ? getComputedStyle(board) : null;
    const room = style ? board.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) : 0;
    const scale = units > 0 ? (READABLE_PX / units) * 1.002 : 0; // a little over, for rounding
    const wide = box && box.width > 0 && scale > 0 ? box.width * scale : 0;
    const useful = wide > room + 0.5; // readable is wider than the box: a choice to make
    const readable = useful && mode() === "readable";
    bar.hidden = !useful;
    board.classList.toggle("zoomed", readable);
    bar.classList.toggle("zoomed", readable);
    if (svg) {
      svg.style.width = readable ? `${wide}px` : "";
      svg.style.height = readable ? `${box.height * scale}px` : "";
    }
    for (const button of bar.querySelectorAll("[data-zoom]")) {
      button.setAttribute("aria-pressed", String(button.dataset.zoom === (readable ? "readable" : "fit")));
    }
    changed();
  }

  /** Show `svg` in the board (null: empty it), at the zoom chosen, where it was panned. */
  function place(svg) {
    const left = board.scrollLeft;
    const top = board.scrollTop;
    board.replaceChildren(...(svg ? [svg] : []));
    units = 0;
    if (!svg) return apply();
    board.hidden = false;
    units = smallestText(svg);
    apply();
    board.scrollLeft = left;
    board.scrollTop = top;
  }

  bar.addEventListener("click", (event) => {
    const button = event.target.closest("[data-zoom]");
    if (!button) return;
    // keep the middle of what is in view in the middle
    const x = (board.scrollLeft + board.clientWidth / 2) / Math.max(board.scrollWidth, 1);
    const y = (board.scrollTop + board.clientHeight / 2) / Math.max(board.scrollHeight, 1);
    chosen = button.dataset.zoom;
    try {
      sessionStorage.setItem(KEY, chosen);
    } catch {
      // storage refused: the choice holds for this page only
    }
    apply();
    board.scrollLeft = x * board.scrollWidth - board.clientWidth / 2;
    board.scrollTop = y * board.scrollHeight - board.clientHeight / 2;
  });

  let resizing = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(apply);
  });
  NARROW.addEventListener("change", apply);

  // a mouse dragged over a zoomed board pans it (a finger does so by itself)
  let drag = null;
  let swallow = false;
  board.addEventListener("pointerdown", (event) => {
    swallow = false;
    if (event.pointerType !== "mouse" || event.button !== 0 || !board.classList.contains("zoomed")) return;
    drag = { id: event.pointerId, x: event.clientX, y: event.clientY, left: board.scrollLeft, top: board.scrollTop, moved: false };
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      board.setPointerCapture(event.pointerId);
      board.classList.add("dragging");
    }
    board.scrollLeft = drag.left - dx;
    board.scrollTop = drag.top - dy;
  });
  const stop = () => {
    if (!drag) return;
    swallow = drag.moved; // the click that ends a drag plays nothing
    drag = null;
    board.classList.remove("dragging");
  };
  board.addEventListener("pointerup", stop);
  board.addEventListener("pointercancel", stop);
  board.addEventListener(
    "click",
    (event) => {
      if (!swallow) return;
      swallow = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    true,
  );

  return { place, apply };
}
