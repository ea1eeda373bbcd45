// La revancha made on this phone, when the server does not answer (docs/offline.md): the page of a game made on this
// phone (games/phone_game.html) shown at a game's revancha address (/p/<token>/revancha: the service worker gives it,
// or the final page drew it in place, made_shell.js) offers the same table in the same seats, the first dealer one
// seat on and changeable, as the server's revancha page does. «Empezar» makes the game here from the card this phone
// keeps of the old game (outbox.js): the same players and rules, every hand planned again from the new first dealer
// (schedule.js, as the engine plans them), kept with its creation (`rematch_of`: the old game's token), and shown
// at the new game's address. The server makes the revancha from the old game when the creation reaches it.
import { keepMade, madeWaiting } from "../made_games.js";
import { replanned } from "../schedule.js";
import { kept, newId } from "../outbox.js";
import { gettext as _, page as pageData } from "../phone_texts.js";
import { flash } from "./drawing.js";

var REMATCH = /^\/p\/([A-Za-z0-9_-]{22})\/revancha$/;

// The first card of the revancha of the game `old` (its card), first dealt by seat `dealer`: what the server's
// revancha starts from (its players, seats and rules; every scheduled hand, not the extra ones).
function rematchCard(old, dealer, tables) {
  var plans = replanned(old.schedule, dealer, tables);
  return {
    format: 1, version: 0, players: old.players.slice(), first_dealer: dealer, rules: old.rules, schedule: plans,
    saved: [], hand: { plan: plans[0], steps: [] }
  };
}

function shownAt(address, begin) {
  window.history.replaceState(null, "", address);
  begin();
}

// The seats to choose the first dealer from, the seat after the old game's first chosen.
function seats(form, card) {
  var list = form.querySelector(".seat-choices");
  card.players.forEach(function (name, seat) {
    var item = document.createElement("li"), label = document.createElement("label"), input = document.createElement("input");
    var said = document.createElement("span");
    label.className = "seat-choice";
    input.type = "radio";
    input.name = "dealer";
    input.value = String(seat);
    input.checked = seat === (card.first_dealer + 1) % card.players.length;
    said.textContent = name;
    label.append(input, " ", said);
    item.appendChild(label);
    list.appendChild(item);
  });
}

// At a revancha's address, offer it and make it on «Empezar», then `begin` the game's page (true); elsewhere false.
export function rematchHere(begin) {
  var found = REMATCH.exec(window.location.pathname);
  if (!found) return false;
  var oldToken = found[1], old = kept("/p/" + oldToken);
  // A revancha of this game made here already and not sent yet: that one, never a second.
  var made = madeWaiting().filter(function (game) { return game.creation.rematch_of === oldToken; })[0];
  var form = document.getElementById("revancha-en-este-movil"), note = document.getElementById("solo-en-este-movil");
  if (made) {
    shownAt(made.address, begin);
    return true;
  }
  if (!old || old.card.format !== 1 || !form) {
    begin(); // the page says it keeps no game here
    return true;
  }
  if (note) note.hidden = true;
  seats(form, old.card);
  form.hidden = false;
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var dealer = Number(new FormData(form).get("dealer"));
    var setup = JSON.parse(document.getElementById("game-card").textContent);
    var token = newId(), address = "/p/" + token;
    var creation = { creation: newId(), rematch_of: oldToken, first_dealer: dealer };
    if (!keepMade(address, rematchCard(old.card, dealer, pageData()), creation,
      setup.create.replace(setup.token_mark, token))) {
      var told = form.querySelector(".error") || document.createElement("p");
      told.className = "error";
      told.setAttribute("role", "alert");
      told.textContent = _("Este móvil no deja guardar la partida (¿navegación privada, o sin espacio?): empiézala con conexión.");
      form.querySelector("button").before(told);
      return;
    }
    form.remove();
    if (note) note.hidden = false;
    shownAt(address, begin);
    flash([_("¡Revancha! Reparte %(name)s.", { name: old.card.players[dealer] })]);
  });
  return true;
}
