// The scorekeeper's game page's script (games/game.html): what every page's does, and keeping score without signal
// (docs/offline.md), put together into one file when the app starts (scorekeeper/plumbing/modules.py).
import "./pocha/every_page.js";
import "./pocha/phone_texts.js"; // the interface's words for what the script draws, from the page
import "./pocha/hand_rules.js"; // the phone's copy of the hand's rules, read from the game's card
import "./pocha/hand_panel.js"; // the hand panel, the standings strip and the sheet's rows drawn on the phone
import "./pocha/outbox.js"; // the game's taps kept on the phone and sent in order when the server answers
import "./pocha/game_page.js"; // the game page's taps applied at once, its chip, links that need the server
