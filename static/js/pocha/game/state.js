// The scorekeeper's game as the phone sees it: the last card the server gave (`table.base`) with the taps still in
// the outbox on top, applied by the phone's copy of the rules (js/pocha/hand_rules.js).
import { fromCard } from "../hand_rules.js";
import { Refusal } from "../refusals.js";

// `now` (a game) after `tap`; unchanged where the phone's rules refuse it (the server will say why) and for an undo
// of something other than the last step (another phone said something after).
export function applyTap(now, tap) {
  if (tap.action === "undo") {
    var last = now.hand && now.hand.last;
    if (!last || JSON.stringify(last) !== JSON.stringify(tap.undoes)) return now;
  }
  try { return now.apply(tap); } catch (refused) {
    if (refused instanceof Refusal) return now;
    throw refused;
  }
}

// The game again from the card and the queued taps.
export function rebuild(table) {
  var now = fromCard(table.base, table.page);
  table.outbox.queue.forEach(function (tap) { now = applyTap(now, tap); });
  table.game = now;
}

// What the hand panel shows, in a word: the hands saved and the steps of the hand in play.
export function signature(game) {
  return JSON.stringify([game.saved.length, game.hand ? [game.hand.plan.number, game.hand.steps()] : null]);
}

// The same word for a card as the server drew its page from.
export function cardSignature(card) {
  return JSON.stringify([card.saved.length, card.hand ? [card.hand.plan.number, card.hand.steps] : null]);
}
