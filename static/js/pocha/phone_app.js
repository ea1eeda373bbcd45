// The phone app (main/phone_app.py): the service worker (which keeps each game's page for a reload without a
// connection) and the offline page's list of the games kept.

var page = document.body;

// Where the browser allows it (HTTPS, or this computer), the service worker (static/js/sw.js).
var canKeep = window.isSecureContext && "serviceWorker" in navigator && !!window.caches;
if (canKeep && page && page.dataset.worker) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(page.dataset.worker).catch(function () {});
  });
}

// The service worker keeps the game pages (the network's latest answer for each) in this cache.
var PAGES = "pocha-game-pages";

// The offline page (main/offline.html): a link to each game's copy this phone keeps.
var kept = document.getElementById("kept-games");
if (kept && canKeep) {
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
