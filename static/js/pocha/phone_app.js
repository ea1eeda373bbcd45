// The phone app (main/phone_app.py): the service worker, which keeps each game's page for a reload without a
// connection (the offline page lists them: kept_games.js), and its pages for no connection in the page's language.

var page = document.body;

// Where the browser allows it (HTTPS, or this computer), the service worker (static/js/sw.js).
var canKeep = window.isSecureContext && "serviceWorker" in navigator && !!window.caches;
if (canKeep && page && page.dataset.worker) {
  var workers = navigator.serviceWorker, first = !workers.controller, language = document.documentElement.lang;
  workers.ready.then(function (registration) {
    var worker = registration.active;
    if (!worker) return;
    // A page that did not come through the worker (the first visit, which installs it; a reload that skipped it)
    // asks the worker to keep it, as it keeps the pages it fetches (a game's, the new-game form).
    if (first) worker.postMessage({ keep: window.location.pathname });
    // The pages the worker keeps for no connection (the offline page, the page of a game made here, the offer to
    // install) speak the language they were kept in: in another language now, the worker keeps them again.
    try {
      if (window.localStorage.getItem("pocha:pages-language") === language) return;
      worker.postMessage({ language: language });
      window.localStorage.setItem("pocha:pages-language", language);
    } catch (e) { /* no storage: the pages stay in the language they were kept in */ }
  });
  window.addEventListener("load", function () {
    workers.register(page.dataset.worker).catch(function () {});
  });
}
