// The page of a game this phone made without signal (games/phone_game.html), before the server has the game: it is
// drawn from what the phone kept at the game's address (outbox.js: the card it made, the taps, the creation), with
// the names cut short as the server cuts them. The creation goes first when the server answers (POST
// /p/<token>/crear); once the server has the game, the page is asked for again: the server's, with its links and QR.
import { Outbox, kept } from "../outbox.js";
import { page as pageData } from "../phone_texts.js";
import { rowNames, stripNames } from "../short_names.js";

var ADDRESS = /^\/p\/([A-Za-z0-9_-]{22})$/;

var AFTER_EARLIER = 1000; // ms a revancha's creation waits before it looks again at the game it follows
var earlier = null; // the outbox of that game, sent from this page

// Send the creation of the game the outbox keeps: made (201), or made before and its answer lost (200), `made` is
// called (this page: it is the server's from now on); refused (the address taken, the form read otherwise), the game
// stays on this phone and this page says why; no answer, it is sent again later. A revancha's creation waits for
// the game it follows (`tapsAt(token)`: a game's tap address).
function create(outbox, address, made, tapsAt) {
  if (tapsAt && earlierWaits(outbox, tapsAt)) {
    outbox.sendSoon(AFTER_EARLIER);
    return;
  }
  outbox.sending = true;
  outbox.settings.changed();
  outbox.post(address, JSON.stringify(outbox.creation)).then(function (reply) {
    outbox.sending = false;
    if ((reply.status === 201 || reply.status === 200) && reply.answer && reply.answer.token) {
      outbox.creation = null;
      outbox.keep();
      made();
    } else if (reply.status === 400 || reply.status === 409 || reply.status === 422) {
      outbox.refused = reply.answer || {};
      var told = tapsAt && document.getElementById("partida-no-creada");
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

// La revancha goes to the server after the game it follows: what this phone still keeps of that game to send (its
// creation, if this phone made it too, and its taps) is sent first, from here, in that game's own outbox. True while
// something of it waits (and it was not refused: then the revancha goes, and the server says what it makes of it).
function earlierWaits(outbox, tapsAt) {
  var old = outbox.creation.rematch_of, before = old && kept("/p/" + old);
  if (!before || !(before.queue.length || before.creation) || (earlier && earlier.refused)) return false;
  if (!earlier) {
    var quiet = function () {};
    earlier = new Outbox("/p/" + old, {
      taps: tapsAt(old), csrf: outbox.settings.csrf, version: function () { return earlier.card.version; },
      answered: function (answer) { earlier.keep(answer.card || undefined); }, // the taps answered, let go
      unanswered: quiet, changed: quiet, awake: quiet,
      create: function (box) { create(box, box.creationUrl, function () { box.sendSoon(0); }, null); }
    });
  }
  earlier.sendSoon(0);
  return true;
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
    csrf: setup.csrf,
    create: function (outbox) {
      create(outbox, outbox.creationUrl || at(setup.create), function () { window.location.reload(); }, function (old) {
        return setup.taps.replace(mark, old);
      });
    }
  };
}
