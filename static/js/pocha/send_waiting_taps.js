// The taps of a game waiting in this phone's outbox (outbox.js) while its page is closed: any other page of Pocha that
// loads with a connection sends them, so that they reach the server as soon as it can take them, not only once the
// game's page is opened again (a phone may clear what a site keeps after days without a visit: docs/offline.md). The
// game's outbox does the sending, as on its page; a game begun here waits for its creation (send_made_games.js).
import { Outbox, keptGames } from "./outbox.js";

var token = document.querySelector("input[name=csrf_token]");
if (token && window.fetch && navigator.onLine !== false) {
  keptGames().forEach(function (game) {
    var waiting = game.kept;
    if (waiting.creation || !waiting.taps || !waiting.queue.length) return;
    var outbox = new Outbox(game.address, {
      taps: waiting.taps,
      csrf: function () { return token.value; },
      version: function () { return outbox.card.version; },
      answered: function (answer) { outbox.keep(answer.card || undefined); }, // the server's card, if it gave one
      unanswered: function () {},
      changed: function () {},
      awake: function () {},
      create: function () {}
    });
    outbox.send();
  });
}
