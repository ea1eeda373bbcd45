// The scorekeeper's game page's script (games/game.html): what every page's does, and keeping score without signal
// (docs/offline.md), put together into one file when the app starts (scorekeeper/plumbing/modules.py).
import "./pocha/every_page.js";
import { setupOf, start } from "./pocha/game/page.js";

var setup = setupOf();
if (setup) start(setup);
