// The script of a finished game's page only (games/_take_home.html asks for it beside the page's own): sharing the
// result card, put together when the app starts (scorekeeper/plumbing/modules.py). A game in progress never loads it.
import "./pocha/result_card.js";
