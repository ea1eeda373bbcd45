// The phone's copy of the new-game form (the module static/js/pocha/new_game_rules.js) for the differential test
// (test_new_game_rules.py): one JSON document in, {"data": the page's #new-game-data, "forms": [fields, …]}, one out,
// {"read": [what readForm gives for each form (and firstCard for a game), …]}.
import { readFileSync } from "node:fs";

import { firstCard, readForm } from "../../static/js/pocha/new_game_rules.js";

// Each form read, and for a game the server would start, its first card with the first dealer the form names (or
// the last seat when it says «al azar»).
var request = JSON.parse(readFileSync(0, "utf-8"));
var read = request.forms.map(function (fields) {
  var game = readForm(fields, request.data);
  if (game.names) {
    game.card = firstCard(game, game.dealer === request.data.random_dealer ? game.names.length - 1 : game.dealer, request.data);
  }
  return game;
});
process.stdout.write(JSON.stringify({ read: read }) + "\n");
