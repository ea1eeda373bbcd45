// The offline page (main/offline.html, shown by the service worker static/js/sw.js): a link to each game's page
// this phone keeps, and to each game begun on it that the server does not have yet (outbox.js: madeWaiting; the
// service worker gives its page). In js/pocha.js only: the scorekeeper's game page is never the offline page.
import { madeWaiting } from "./made_games.js";

// The service worker keeps the game pages (the network's latest answer for each) in this cache.
var PAGES = "pocha-game-pages";

var kept = document.getElementById("kept-games");
if (kept && window.caches) {
  caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (request) {
        return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
          return { url: request.url, title: new DOMParser().parseFromString(html, "text/html").title };
        });
      }));
    });
  }).then(function (copies) {
    copies = copies.filter(function (copy) { return /\/(p|ver)\//.test(copy.url); }); // games, not the form
    madeWaiting().forEach(function (made) {
      copies.push({ url: made.address, title: made.players.join(", "), label: kept.dataset.waiting });
    });
    copies.forEach(function (copy) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.className = "game-link";
      link.href = copy.url;
      var names = document.createElement("span");
      names.className = "game-names";
      names.textContent = copy.title.replace(/ · Pocha$/, "");
      link.appendChild(names);
      var said = copy.label || (/\/ver\//.test(copy.url) ? kept.dataset.watching : "");
      if (said) {
        var label = document.createElement("span");
        label.className = "watch-label";
        label.textContent = said;
        link.appendChild(label);
      }
      item.appendChild(link);
      kept.appendChild(item);
    });
    var none = document.getElementById("kept-none");
    if (none && copies.length) none.hidden = true;
  }).catch(function () {});
}
