// A tap of the hand panel: read from its form (the tap it is: data-action; the hand, the seat; the button's
// value), applied at once by the phone's copy of the rules, drawn, and added to the outbox; or refused where the
// buttons are, with the engine's own message.
import { NO_TRUMP } from "../hand_rules.js";
import { placeRefusal } from "../hand_panel.js";
import { Refusal, render } from "../refusals.js";
import { gettext as _, translate } from "../phone_texts.js";
import { newId } from "../outbox.js";
import { draw, flash } from "./drawing.js";

// What the page showed for the value a tap changes ("" for nothing yet), as the forms send it.
function shown(hand, action, seat) {
  var value = null;
  if (action === "trump") value = hand.trumpSaid ? (hand.trump === null ? NO_TRUMP : hand.trump) : null;
  else if (action === "offer") value = hand.offers ? hand.offers[seat] : null;
  else if (action === "bid") value = hand.bids[seat];
  else if (action === "tricks") value = hand.tricks[seat];
  else if (action === "renuncios") value = hand.renuncios[seat];
  return value === null || value === undefined ? "" : String(value);
}

// The tap a form sends with `button`, or null for a form this page does not know (it posts): a tap is one the
// page's data gives an address to (`urls`, by the tap's name: games/_phone_page.html).
export function tapOf(form, button, urls) {
  var action = form.dataset.action;
  if (!action || action === "correct" || !Object.prototype.hasOwnProperty.call(urls, action)) return null;
  var tap = { action: action, hand: +form.elements.hand.value };
  if (form.elements.seat) tap.seat = +form.elements.seat.value;
  if (button && button.name === "value") {
    var raw = String(button.value);
    if (action === "trump") tap.value = raw;
    else if (/^\d{1,2}$/.test(raw)) tap.value = +raw;
    else return null;
  }
  return tap;
}

// The tap applied on the phone: drawn at once, kept and sent; or refused, and said why.
export function tapped(table, tap) {
  table.review = null;
  flash([]);
  var before = table.game, after;
  try {
    after = before.apply(tap);
  } catch (refused) {
    if (!(refused instanceof Refusal)) throw refused;
    draw(table, placeRefusal(render(refused, translate), tap, before.hand));
    table.chip.show(table);
    return;
  }
  if (after === before) { draw(table); table.chip.show(table); return; } // the same tap twice: nothing to send
  if (tap.action === "undo") tap.undoes = before.hand.last;
  if (before.hand && tap.action !== "undo" && tap.action !== "save") tap.was = shown(before.hand, tap.action, tap.seat);
  tap.id = newId();
  table.game = after;
  table.outbox.add(tap);
  draw(table);
  if (tap.action === "save") {
    var said = [_("Mano %(number)s guardada.", { number: tap.hand })];
    if (after.sheet.finished) said.push(_("¡Fin de la partida!"));
    flash(said);
    window.scrollTo(0, 0);
  }
  table.chip.show(table);
}
