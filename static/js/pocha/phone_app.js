// The phone app (main/phone_app.py): the service worker, which keeps each game's page for a reload without a
// connection (the offline page lists them: kept_games.js).

var page = document.body;

// Where the browser allows it (HTTPS, or this computer), the service worker (static/js/sw.js).
var canKeep = window.isSecureContext && "serviceWorker" in navigator && !!window.caches;
if (canKeep && page && page.dataset.worker) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(page.dataset.worker).catch(function () {});
  });
}
