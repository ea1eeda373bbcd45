// A game started on this phone when it has no signal (docs/offline.md): «Empezar la partida» with the phone offline
// reads the form as the server would (new_game_rules.js), draws the first dealer when the form says «al azar», makes
// the game's address (a token as unguessable as the server's) and its first card, keeps them in the game's outbox
// with the creation, and opens the game's page, which the service worker gives from this phone (games/phone_game.html).
// Without the service worker (plain HTTP: the table's Wi-Fi) no page can be loaded without signal: the page of a
// game made on this phone is asked for as soon as the form is used, and drawn in place of the form (made_shell.js).
// The creation is sent when the server answers (POST /p/<token>/crear), before any tap. With signal, the form posts
// once the server has answered a quick request (a phone may say it is online on a Wi-Fi that reaches no server); if
// it does not, the game begins here.
import { keepMade } from "./made_games.js";
import { fetchShell, openShell, shellReady } from "./made_shell.js";
import { newId } from "./outbox.js";
import { firstCard, readForm } from "./new_game_rules.js";
import { askServer } from "./server_answers.js";

var form = document.querySelector("form.new-game");
var block = document.getElementById("new-game-data");
var madeUrl = null; // the page a game made here is drawn in
var asking = false; // «Empezar la partida» waits for the server's answer: another tap begins nothing
var answered = false; // the server answered: the form is posted as it was tapped, not read here again
if (form && block && window.localStorage && window.crypto) {
  form.addEventListener("submit", submitted);
  form.addEventListener("input", askShell);
}

// The address of the page a game made here is drawn in (also a cheap page to ask whether the server answers).
function madeAddress() {
  if (!madeUrl) madeUrl = JSON.parse(block.textContent).made_url;
  return madeUrl;
}

// That page, asked for while there is signal (again at the next change until it came): without a service worker,
// nothing else could open it without signal.
function askShell() {
  fetchShell(madeAddress());
}

function fieldsOf() {
  var fields = {};
  new FormData(form).forEach(function (value, name) { if (typeof value === "string") fields[name] = value; });
  return fields;
}

// A seat drawn at random, as fairly as the server draws it.
function drawnSeat(players) {
  var draw = new Uint32Array(1), limit = Math.floor(4294967296 / players) * players;
  do { window.crypto.getRandomValues(draw); } while (draw[0] >= limit);
  return draw[0] % players;
}

// The form's refusals above «Empezar la partida», in the server's words.
function showRefusals(said) {
  var old = document.getElementById("start-refused");
  if (old) old.remove();
  var box = document.createElement("div");
  box.id = "start-refused";
  box.className = "error";
  box.setAttribute("role", "alert");
  box.tabIndex = -1;
  said.forEach(function (text) {
    var line = document.createElement("p");
    line.textContent = text;
    box.appendChild(line);
  });
  var start = form.querySelector("button.button-big[value=start]");
  (start || form.lastElementChild).before(box);
  box.focus();
}

// The buttons that start the game (the visible one, and the one Enter in a name field taps) while the server's
// answer is awaited: busy, and not to be tapped again.
function startsBusy(busy) {
  form.querySelectorAll("button[value=start]").forEach(function (start) {
    start.disabled = busy;
    if (busy) start.setAttribute("aria-busy", "true"); else start.removeAttribute("aria-busy");
  });
}

// Post the form as it was tapped, with the button that was tapped (its name and value), past this listener.
function post(button) {
  answered = true;
  if (form.requestSubmit) form.requestSubmit(button || undefined);
  else if (button) button.click();
  else form.submit();
  answered = false;
}

// Begin the game on this phone: read the form as the server would, make the game and open its page.
function beginHere() {
  var data = JSON.parse(block.textContent), fields = fieldsOf();
  var read = readForm(fields, data);
  if (!read.names) {
    var said = read.refusal ? [read.refusal] : [];
    Object.keys(read.errors || {}).forEach(function (name) { said = said.concat(read.errors[name]); });
    showRefusals(said);
    return;
  }
  var seat = read.dealer === data.random_dealer ? drawnSeat(read.names.length) : read.dealer;
  fields.first_dealer = String(seat);
  var token = newId(), address = "/p/" + token;
  var made = keepMade(address, firstCard(read, seat, data), { creation: newId(), form: fields },
    data.create_url.replace(data.token_mark, token));
  if (!made) {
    showRefusals([data.messages.not_kept]);
    return;
  }
  openShell(address);
}

function submitted(event) {
  var button = event.submitter;
  if ((button && button.value !== "start") || answered) return; // the server's to do
  if (navigator.onLine !== false) {
    if (!shellReady()) return; // the game cannot begin here: the form posts, as it always did
    // Online, or so the phone says: the form posts once the server answers; if it does not, the game begins here.
    event.preventDefault();
    event.stopPropagation(); // not sent yet: every_page.js's «sent once» is for the post that follows
    if (asking) return;
    asking = true;
    startsBusy(true);
    askServer(madeAddress()).then(function () {
      asking = false;
      startsBusy(false);
      post(button);
    }, function () {
      asking = false;
      startsBusy(false);
      beginHere();
    });
    return;
  }
  event.preventDefault();
  // Without the service worker, and without the page asked for ahead, the game's page cannot be opened.
  if (!shellReady()) {
    showRefusals([JSON.parse(block.textContent).messages.no_worker]);
    return;
  }
  beginHere();
}
