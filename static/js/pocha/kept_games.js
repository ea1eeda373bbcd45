// The offline page (main/offline.html, shown by the service worker static/js/sw.js): a link to each game's page
// this phone keeps, and to each game begun on it that the server does not have yet (outbox.js: madeWaiting; the
// service worker gives its page), each with its hand, or that it is over or was left, as the card this phone keeps
// of it says (outbox.js); and la revancha of the last game over that offers one (its page, given by the service
// worker without signal, makes it on the phone: game/phone_rematch.js). In js/pocha.js only: the scorekeeper's game
// page is never the offline page.
import { madeWaiting } from "./made_games.js";
import { kept as keptOf } from "./outbox.js";

// The service worker keeps the game pages (the network's latest answer for each) in this cache, each with the time
// it was fetched.
var PAGES = "pocha-game-pages";
var KEPT_AT = "X-Pocha-Kept-At";

var list = document.getElementById("kept-games");
if (list && window.caches) {
  caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return cache.match(request).then(function (response) {
          var at = Number(response.headers.get(KEPT_AT)) || 0;
          return response.text().then(function (html) { return copyOf(request.url, html, at); });
        });
      }));
    });
  }).then(function (copies) {
    copies = copies.filter(function (copy) { return /\/(p|ver)\//.test(copy.url); }); // games, not the form
    copies.sort(function (a, b) { return b.at - a.at; });
    madeWaiting().forEach(function (made) {
      copies.unshift({ url: made.address, title: made.players.join(", "), label: list.dataset.waiting,
        state: stateOf(keptOf(made.address), false) });
    });
    copies.forEach(show);
    var none = document.getElementById("kept-none");
    if (none && copies.length) none.hidden = true;
    offerRematch(copies.filter(function (copy) { return copy.rematch; })[0]);
  }).catch(function () {});
}

// A game's page the worker keeps: its address, its title, when it was fetched, what its line says, and whether it
// offers la revancha (its final page's link, data-phone: the revancha can be made on this phone).
function copyOf(url, html, at) {
  var page = new DOMParser().parseFromString(html, "text/html"), path = new URL(url).pathname;
  var watching = /^\/ver\//.test(path);
  return {
    url: url, at: at, title: page.title, label: watching ? list.dataset.watching : "",
    state: watching ? "" : stateOf(keptOf(path), !!page.getElementById("dejada")),
    rematch: !watching && !!page.querySelector("#revancha a[data-phone]")
  };
}

// What a game's line says from the card this phone keeps of it (none: nothing).
function stateOf(kept, left) {
  var card = kept && kept.card;
  if (!card || !Array.isArray(card.schedule)) return "";
  var hand = card.hand, total = String(card.schedule.length);
  if (hand && hand.plan.extra) return list.dataset.extra;
  if (hand) return list.dataset.hand.replace("{n}", String(hand.plan.number)).replace("{total}", total);
  if (left) return list.dataset.left.replace("{n}", String(card.saved.length + 1)).replace("{total}", total);
  return list.dataset.over;
}

function span(className, text) {
  var said = document.createElement("span");
  said.className = className;
  said.textContent = text;
  return said;
}

function show(copy) {
  var item = document.createElement("li");
  var link = document.createElement("a");
  link.className = "game-link";
  link.href = copy.url;
  link.appendChild(span("game-names", copy.title.replace(/ · Pocha$/, "")));
  if (copy.label) link.appendChild(span("watch-label", copy.label));
  if (copy.state) link.appendChild(span("game-state", copy.state));
  item.appendChild(link);
  list.appendChild(item);
}

// La revancha of `copy` (the last game over kept here), offered below «Nueva partida».
function offerRematch(copy) {
  var offer = document.getElementById("kept-rematch"), link = offer && offer.querySelector("a");
  if (!copy || !link) return;
  link.href = copy.url.replace(/\/$/, "") + "/revancha";
  link.textContent = link.dataset.names.replace("{names}", copy.title.replace(/ · Pocha$/, ""));
  offer.hidden = false;
}
