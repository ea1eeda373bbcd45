// The offline page (main/offline.html, shown by the service worker static/js/sw.js): a link to each game's page
// this phone keeps. In js/pocha.js only: the scorekeeper's game page is never the offline page.

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
    copies.forEach(function (copy) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.className = "game-link";
      link.href = copy.url;
      var names = document.createElement("span");
      names.className = "game-names";
      names.textContent = copy.title.replace(/ · Pocha$/, "");
      link.appendChild(names);
      if (/\/ver\//.test(copy.url)) {
        var label = document.createElement("span");
        label.className = "watch-label";
        label.textContent = kept.dataset.watching || "";
        link.appendChild(label);
      }
      item.appendChild(link);
      kept.appendChild(item);
    });
    var none = document.getElementById("kept-none");
    if (none && copies.length) none.hidden = true;
  }).catch(function () {});
}
