// The phone's copy of the schedule (the modules static/js/pocha/schedule.js and hand_plan.js) for the differential
// test (test_phone_schedule.py and tests/support/phone_rules.py): one JSON line in, {"games": [{"rules": …,
// "players": 4, "first_dealer": 0, "extra_hands": 3}, …], "tables": {"max_cards": …, "fixed_trumps": …}} (what the
// page's data carries to plan hands with), one JSON line out, {"seen": [planned, …]}: for each game, its schedule and
// the extra hands after it, as the card writes plans, and the schedule planned again from the next seat (a
// revancha's), or the refusal, its kind, message template and values.
import readline from "node:readline";

import { extraHand } from "../../static/js/pocha/hand_plan.js";
import { Refusal } from "../../static/js/pocha/refusals.js";
import { replanned, schedule } from "../../static/js/pocha/schedule.js";
import { said } from "./said.js";

function planned(game, tables) {
  var plans, extra = [];
  try {
    plans = schedule(game.players, game.first_dealer, game.rules, tables);
  } catch (refused) {
    if (!(refused instanceof Refusal)) throw refused;
    return { refused: { kind: refused.kind, message: said(refused) } };
  }
  for (var i = 1; i <= game.extra_hands; i++) {
    extra.push(extraHand(game.players, game.first_dealer, plans.length + i, game.rules, tables));
  }
  return { schedule: plans, extra: extra, again: replanned(plans, (game.first_dealer + 1) % game.players, tables) };
}

var lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", function (line) {
  var answer;
  try {
    var request = JSON.parse(line);
    answer = { seen: request.games.map(function (game) { return planned(game, request.tables); }) };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
