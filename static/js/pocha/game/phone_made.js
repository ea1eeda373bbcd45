// The page of a game this phone made without signal (games/phone_game.html), before the server has the game: it is
// drawn from what the phone kept at the game's address (outbox.js: the card it made, the taps, the creation), with
// the names cut short as the server cuts them. The creation goes first when the server answers (POST
// /p/<token>/crear); once the server has the game, the page is asked for again: the server's, with its links and QR.
import { kept } from "../outbox.js";
import { page as pageData } from "../phone_texts.js";
import { rowNames, stripNames } from "../short_names.js";

var ADDRESS = /^\/p\/([A-Za-z0-9_-]{22})$/;

// Send the creation of the game the outbox keeps: made (201), or made before and its answer lost (200), the page is
// the server's from now on; refused (the address taken, the form read otherwise), the game stays on this phone and
// the page says why; no answer, it is sent again later.
function create(outbox, address) {
  outbox.sending = true;
  outbox.settings.changed();
  outbox.post(address, JSON.stringify(outbox.creation)).then(function (reply) {
    outbox.sending = false;
    if ((reply.status === 201 || reply.status === 200) && reply.answer && reply.answer.token) {
      outbox.creation = null;
      outbox.keep();
      window.location.reload();
    } else if (reply.status === 400 || reply.status === 409 || reply.status === 422) {
      outbox.refused = reply.answer || {};
      var told = document.getElementById("partida-no-creada");
      if (told) {
        told.querySelector(".said").textContent = outbox.refused.error || "";
        told.hidden = false;
      }
      outbox.settings.changed();
    } else {
      outbox.settings.unanswered(reply.status, reply.answer);
      outbox.again(reply.wait * 1000);
    }
  }, function () {
    outbox.sending = false;
    outbox.again(0);
  });
}

// The page's setup (as game/page.js reads a game page's) from what this phone kept of the game at this address, or
// null when it keeps nothing of it (the page then says so).
export function phoneSetup() {
  var block = document.getElementById("game-card"), found = ADDRESS.exec(window.location.pathname);
  var game = found ? kept(window.location.pathname) : null;
  if (!block || !game || !window.fetch) {
    var missing = document.getElementById("partida-no-guardada");
    if (missing) missing.hidden = false;
    return null;
  }
  var setup = JSON.parse(block.textContent), mark = setup.token_mark, token = found[1];
  var at = function (address) { return address.replace(mark, token); };
  var data = pageData(), urls = data.urls || {};
  Object.keys(urls).forEach(function (action) { urls[action] = at(urls[action]); });
  data.strip_names = stripNames(game.card.players, data.name_limits);
  data.row_names = rowNames(game.card.players, data.name_limits);
  return {
    card: game.card, taps: at(setup.taps), card_url: at(setup.card_url), parts_url: at(setup.parts_url),
    csrf: setup.csrf, create: function (outbox) { create(outbox, outbox.creationUrl || at(setup.create)); }
  };
}
