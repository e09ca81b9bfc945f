// The lobby's optional account card (accounts.py on the server): sign in, up or out;
// signed in, the account's seats join this browser's list of tables (mine.js), so a
// person's tables are in the lobby of any device where they sign in.

import { api, errorText } from "./http.js";
import { remember } from "./mine.js";

const $ = (id) => document.getElementById(id);
const accountForm = $("account-form");
const accountMessage = $("account-message");
let onTables = () => {};

function showAccountMessage(text) {
  accountMessage.textContent = text;
  accountMessage.className = "message error";
  accountMessage.hidden = !text;
}

/** Signed in (`me`: {name, tables}) or not (null): the card, and the account's seats
 *  kept in this browser's list (mine.js), so they are here on any device. */
function showAccount(me) {
  $("account-in").hidden = !me;
  accountForm.hidden = Boolean(me);
  if (!me) return;
  $("account-name").textContent = me.name;
  for (const t of [...(me.tables || [])].reverse()) {
    const spectate = `/t/${encodeURIComponent(t.table)}`;
    remember({ table: t.table, game: t.game, opened: t.created, seats: [{ seat: t.seat, kind: "human", url: t.url }], spectate });
  }
  onTables();
}

async function loadAccount() {
  if (!document.cookie.split("; ").includes("hb_signed_in=1")) {
    showAccount(null); // not signed in here (the flag beside the session cookie)
    return;
  }
  const r = await api("GET", "/api/me");
  showAccount(r.ok ? r.data : null);
}

async function signIn(path) {
  showAccountMessage("");
  const body = { name: $("account-user").value.trim(), password: $("account-password").value };
  const r = await api("POST", path, body);
  if (!r.ok) {
    showAccountMessage(r.network ? "Could not reach the server." : errorText(r));
    return;
  }
  $("account-password").value = "";
  await loadAccount();
}

/** The card, live: `tablesChanged` is called once the account's tables are kept. */
export function startAccount(tablesChanged) {
  onTables = tablesChanged;
  accountForm.addEventListener("submit", (event) => {
    event.preventDefault();
    signIn("/api/session");
  });
  $("sign-up").addEventListener("click", () => {
    if (accountForm.reportValidity()) signIn("/api/accounts");
  });
  $("sign-out").addEventListener("click", async () => {
    await api("DELETE", "/api/session");
    showAccount(null);
  });
  loadAccount();
}
