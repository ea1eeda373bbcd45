// The script of every page but the scorekeeper's game page (js/game.js): the modules below, put together into one
// file when the app starts (scorekeeper/plumbing/modules.py). Each works alone: without the script, every action is
// a form that posts.
import "./pocha/every_page.js";
import "./pocha/new_game.js"; // the new-game form: the dealer list, «Añadir jugador», dragging a name
import "./pocha/name_memory.js"; // the new-game form: names used before, Enter to the next name, its length
import "./pocha/schedule_preview.js"; // the new-game form: the schedule follows every change at once
import "./pocha/schedule.js"; // the phone's copy of the schedule, for the new-game form to plan a game itself
import "./pocha/start_offline.js"; // the new-game form: a game started on this phone without signal
import "./pocha/send_made_games.js"; // a game begun on this phone without signal sent to the server from any page
import "./pocha/send_waiting_taps.js"; // a game's taps waiting on this phone sent from any page
import "./pocha/watching.js"; // the watchers' page kept up to date
import "./pocha/print.js"; // the printable sheet's «Imprimir» button
import "./pocha/kept_games.js"; // the offline page: the games' pages this phone keeps
