// Games begun on this phone without signal whose creation still waits (made_games.js; the game's own page sends it,
// game/phone_made.js): any other page sends them once it loads with a connection, so that a game whose page is never
// opened again still reaches the server, and this phone's list of games. The game's page sends its taps.
import { madeWaiting } from "./made_games.js";

var token = document.querySelector("input[name=csrf_token]");
if (token && window.fetch && navigator.onLine !== false) {
  madeWaiting().forEach(function (waiting) {
    fetch(waiting.url, {
      method: "POST",
      credentials: "same-origin",
      cache: "no-store",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token.value, "X-Requested-With": "fetch" },
      body: JSON.stringify(waiting.creation)
    }).then(function (response) {
      if (response.status !== 201 && response.status !== 200) return;
      waiting.made();
      // This page was the game's own address, asked for before the server had the game: the game's page now.
      if (waiting.url.indexOf(window.location.pathname + "/") === 0) window.location.reload();
    }).catch(function () { /* no answer: the next page tries again */ });
  });
}
