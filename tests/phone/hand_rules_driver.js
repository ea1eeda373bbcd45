// The phone's copy of the hand (the module static/js/pocha/hand_rules.js) for the differential test
// (test_phone_rules.py and tests/support/phone_rules.py): one JSON line in, {"events": [{"card": …} | {"tap": …}, …],
// "tables": {"max_cards": {"3": 12, …}, "fixed_trumps": {…}}} (what the game page's data carries to plan hands
// with), one JSON line out, {"seen": [projection, …]}: after each event, everything the page shows (or the refusal,
// its message template and values), as the test's Python side projects the engine's HandInPlay and score_sheet.
// The first event is a card.
import readline from "node:readline";

import * as rules from "../../static/js/pocha/hand_rules.js";
import { Refusal } from "../../static/js/pocha/refusals.js";
import { said } from "./said.js";

function handSeen(hand) {
  var stage = hand.stage(), n = hand.plan.order.length, would = [], filledIn = [], seat;
  var filled = hand.tricksFilled(), won = hand.auction(), reason = hand.forbiddenReason();
  for (seat = 0; seat < n; seat++) {
    would.push(hand.wouldScore(seat));
    filledIn.push(hand.tricks[seat] === null ? filled[seat] : null);
  }
  return {
    number: hand.plan.number,
    stage: stage,
    next_seat: hand.nextSeat(),
    order: hand.order(),
    leader: hand.leader(),
    trump: hand.trumpSaid ? (hand.trump === null ? "-" : hand.trump) : null,
    offers: hand.offers,
    auction: won === null ? null : [won.winner, won.bid],
    bids: hand.bids,
    tricks: hand.tricks,
    filled_in: filledIn,
    renuncios: hand.renuncios,
    forbidden: hand.forbidden(),
    forbidden_reason: reason === null ? null : said(reason),
    bid_total: hand.bidTotal(),
    unbid: hand.unbid(),
    overbid: hand.overbid(),
    tricks_left: hand.tricksLeft(),
    would: would,
    steps: hand.steps()
  };
}

function sheetSeen(sheet, rows) {
  var table = sheet.standings;
  var seen = {
    totals: sheet.totals,
    missed: sheet.missed,
    places: table.places.map(function (p) { return [p.seat, p.total, p.missed, p.position]; }),
    tied_on_points: table.tiedOnPoints,
    decided_by_misses: table.decidedByMisses,
    decided_by_extra_hands: table.decidedByExtraHands,
    extra_hands: table.extraHands,
    finished: sheet.finished,
    winner: sheet.winner,
    next: sheet.next === null ? null : [sheet.next.number, sheet.next.extra],
    playing_for_first: sheet.playingForFirst,
    unneeded: sheet.unneeded,
    hands_total: sheet.handsTotal
  };
  if (rows) {
    seen.rows = sheet.rows.map(function (row) {
      return [row.plan.number, row.plan.cards, row.points, row.totals, row.scored, row.counted, row.penalties];
    });
  }
  return seen;
}

function gameSeen(game, rows) {
  return {
    hand: game.hand === null ? null : handSeen(game.hand),
    sheet: sheetSeen(game.sheet, rows)
  };
}

function play(events, tables) {
  var game = null, seen = [];
  events.forEach(function (event) {
    if (event.card) {
      game = rules.fromCard(event.card, tables);
      seen.push(gameSeen(game, true));
      return;
    }
    try {
      game = game.apply(event.tap);
      seen.push(gameSeen(game, event.tap.action === "save"));
    } catch (refused) {
      if (!(refused instanceof Refusal)) throw refused;
      seen.push({ refused: { kind: refused.kind, player: refused.player, message: said(refused) } });
    }
  });
  return seen;
}

var lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", function (line) {
  var answer;
  try {
    var request = JSON.parse(line);
    answer = { seen: play(request.events, request.tables) };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
