// The phone's copy of how names are cut short (the module static/js/pocha/short_names.js) for the differential test
// (test_phone_short_names.py): one JSON line in, {"names": [["Ana", "Bea", "Francisco Javier Gil"], …], "limits": …}
// (what a page's data carries from labels/short_names.py: script_limits), one JSON line out, {"seen": [{"strip": …,
// "rows": …}, …]}: for each table, the names as the strip and the players' rows show them.
import readline from "node:readline";

import { rowNames, stripNames } from "../../static/js/pocha/short_names.js";

var lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", function (line) {
  var answer;
  try {
    var request = JSON.parse(line);
    answer = {
      seen: request.names.map(function (names) {
        return { strip: stripNames(names, request.limits), rows: rowNames(names, request.limits) };
      })
    };
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
