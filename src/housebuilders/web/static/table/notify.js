// Turn notifications. Asked for once (the box), remembered for this browser: a short
// sound when a turn starts, and the browser's notification when the tab is not in view.

import { TABLE, el } from "./page.js";

const NOTIFY_KEY = "housebuilders.notify";
let audio = null;

function notifyWanted() {
  try {
    return localStorage.getItem(NOTIFY_KEY) === "1";
  } catch (err) {
    return el.notify.checked;
  }
}

export function announceTurn(view) {
  if (!notifyWanted()) return;
  document.body.dataset.announced = String(Number(document.body.dataset.announced || 0) + 1);
  if (audio) {
    const beep = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.value = 0.05;
    beep.frequency.value = 660;
    beep.connect(gain).connect(audio.destination);
    beep.start();
    beep.stop(audio.currentTime + 0.15);
  }
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    new Notification(`Your turn: ${view.game_name || view.game}`, { body: `table ${view.table}`, tag: TABLE });
  }
}

el.notify.checked = notifyWanted();
document.addEventListener("click", () => {
  if (!audio && window.AudioContext && notifyWanted()) audio = new AudioContext(); // after a click: allowed
});
el.notify.addEventListener("change", async () => {
  try {
    localStorage.setItem(NOTIFY_KEY, el.notify.checked ? "1" : "0");
  } catch (err) {
    // storage refused: the box holds the choice for this page
  }
  if (!el.notify.checked) return;
  if (!audio && window.AudioContext) audio = new AudioContext(); // made on a click: allowed to sound
  if ("Notification" in window && Notification.permission === "default") await Notification.requestPermission();
});
