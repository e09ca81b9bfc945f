// The table page: one seat's (or a spectator's) live view of a game.
//
// Reads the table id and the seat token from <body data-table data-token>, fetches
// the view, then listens on the websocket (falling back to polling every 2 s while
// the socket is down). Every view is rendered whole: header, board SVG, legal
// actions as buttons, log, scores. Clicking an SVG part with data-index or an
// action button POSTs {"index": i}. The chat comes with the page (GET .../chat) and
// then over the same websocket ({"type": "chat"}); the hint button (at a table opened
// with hints) asks for the greedy bot's move and marks it on the board.
//
// Its parts, in table/: page.js (what they share), live.js (the websocket and
// polling), render.js and scores.js (a view on the page), actions.js (playing),
// board.js (the board's clicks, taps and "why not?"), changes.js (what changed since
// the seat's last turn) and lastmove.js (the last move, outlined and named), hints.js,
// chat.js, notify.js (turn notifications).

import "./table/actions.js";
import "./table/board.js";
import { loadChat } from "./table/chat.js";
import "./table/hints.js";
import { connect, refresh } from "./table/live.js";
import "./table/notify.js";
import { TABLE, showMessage } from "./table/page.js";
import { tickClocks } from "./table/render.js";

setInterval(tickClocks, 1000);

// == start ==============================================================================
if (!TABLE) {
  showMessage("No table given.", "error");
} else {
  refresh();
  connect();
  loadChat();
}
