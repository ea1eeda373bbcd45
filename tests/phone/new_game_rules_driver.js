// The phone's copy of the new-game form (the module static/js/pocha/new_game_rules.js) for the differential test
// (test_new_game_rules.py): one JSON document in, {"data": the page's #new-game-data, "forms": [fields, …]}, one out,
// {"read": [what readForm gives for each form, …]}.
import { readFileSync } from "node:fs";

import { readForm } from "../../static/js/pocha/new_game_rules.js";

var request = JSON.parse(readFileSync(0, "utf-8"));
var read = request.forms.map(function (fields) { return readForm(fields, request.data); });
process.stdout.write(JSON.stringify({ read: read }) + "\n");
