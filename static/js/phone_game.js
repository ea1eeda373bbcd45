// The script of the page of a game made on this phone, before the server knows it (games/phone_game.html): what
// every page's does, and the game page's keeping score from what the phone kept (game/phone_made.js: the card it
// made, the names cut short as the server cuts them); at a revancha's address, la revancha made here first
// (game/phone_rematch.js). Put together into one file when the app starts (scorekeeper/plumbing/modules.py).
import "./pocha/every_page.js";
import { start } from "./pocha/game/page.js";
import { phoneSetup } from "./pocha/game/phone_made.js";
import { rematchHere } from "./pocha/game/phone_rematch.js";

function begin() {
  var setup = phoneSetup();
  if (setup) start(setup);
}

if (!rematchHere(begin)) begin();
