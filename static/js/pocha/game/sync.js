// The server's answers (docs/offline.md): it replays each tap through the engine and its answer wins. A card in
// the answer replaces the phone's, the taps still queued go on top, and a refusal is shown where the eye is. The
// card as the server keeps it is asked for while nothing waits to be sent (another phone may have noted
// something), and the server's parts of the page once the hands saved here are stored.
import { fromCard } from "../hand_rules.js";
import { placeRefusal } from "../hand_panel.js";
import { draw, freshenForms, redraw } from "./drawing.js";
import { drawSheetNote, putServerParts, sheetBehind } from "./sheet.js";
import { applyTap, rebuild } from "./state.js";

var QUIET = 2000; // ms after an answer during which the card is not asked for again

// The taps `sent` answered: the card the server keeps now, the phone's state on it, a refusal drawn.
export function answered(table, answer, sent) {
  table.lastAnswer = Date.now();
  var status = {}, refusals = [];
  answer.results.forEach(function (result) {
    status[result.id] = result.status;
    if (result.status === "refused") refusals.push(result);
  });
  if (answer.card && answer.card.format === 1) {
    table.base = answer.card;
  } else {
    // The phone's own taps, as the server applied them, on the card it had: the card the server keeps now.
    var now = fromCard(table.base, table.page), same = true;
    sent.forEach(function (tap) {
      if (status[tap.id] !== "applied" && status[tap.id] !== "done") return;
      var after = applyTap(now, tap);
      if (after === now && (tap.action === "undo" || tap.action === "save")) same = false;
      now = after;
    });
    table.base = now.toCard(typeof answer.version === "number" ? answer.version : table.base.version);
    if (!same) table.cardWanted = true;
  }
  table.outbox.keep(table.base);
  rebuild(table);
  var game = table.game;
  var refused = refusals[refusals.length - 1];
  var tap = refused && sent.filter(function (t) { return t.id === refused.id; })[0];
  if (refused) {
    table.review = refused.hand || (tap && tap.hand) || null;
    var onHand = game.hand && tap && tap.hand === game.hand.plan.number;
    draw(table, placeRefusal(refused.message, onHand ? tap : null, game.hand));
  } else {
    redraw(table);
  }
  var idle = !table.outbox.pending();
  if (idle && (sheetBehind(table) || answer.card)) refreshParts(table);
  if (idle && table.cardWanted) askCard(table, true);
  drawSheetNote(table);
}

// Taps the server did not take: a 403 means the form token is old, and a new one comes with the server's parts.
export function unanswered(table, status) {
  if (status === 403) refreshParts(table);
}

// The card as the server keeps it now, while nothing waits to be sent (`force`: even just after an answer).
export function askCard(table, force) {
  var setup = table.setup;
  if (table.asking || table.outbox.pending() || !setup.card_url) return;
  if (!force && Date.now() - table.lastAnswer < QUIET) return;
  table.asking = true;
  var headers = table.cardTag ? { "If-None-Match": table.cardTag } : {};
  fetch(setup.card_url, { credentials: "same-origin", cache: "no-store", headers: headers })
    .then(function (response) {
      if (response.status !== 200) return null;
      table.cardTag = response.headers.get("ETag") || "";
      return response.json();
    })
    .then(function (answer) {
      table.asking = false;
      table.cardWanted = false;
      table.lastAnswer = Date.now();
      table.chip.show(table);
      if (!answer || !answer.card || answer.card.format !== 1 || table.outbox.pending()) return;
      if (answer.card.version === table.base.version) return;
      table.base = answer.card;
      table.outbox.keep(table.base);
      rebuild(table);
      redraw(table);
      if (sheetBehind(table)) refreshParts(table);
    }, function () { table.asking = false; });
}

// The server's parts of the page (the sheet, the standings, the chart, the corrections...) asked for again and put
// in place, with the form token that comes with them; nothing comes while the parts shown are still the server's.
export function refreshParts(table) {
  if (table.refreshing || !table.setup.parts_url) return;
  table.refreshing = true;
  var headers = table.partsTag ? { "If-None-Match": table.partsTag } : {};
  fetch(table.setup.parts_url, { credentials: "same-origin", cache: "no-store", headers: headers })
    .then(function (response) {
      if (response.status !== 200) return null; // 304: the parts shown are the server's
      table.partsTag = response.headers.get("ETag") || "";
      return response.text();
    })
    .then(function (html) {
      table.refreshing = false;
      if (!html) return;
      table.csrf = putServerParts(html) || table.csrf;
      freshenForms(table);
      drawSheetNote(table);
    }, function () { table.refreshing = false; });
}
