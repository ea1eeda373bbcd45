// The phone app (main/phone_app.py): the service worker, which keeps each game's page for a reload without a
// connection (the offline page lists them: kept_games.js), and its pages for no connection in the page's language.

var page = document.body;

// Where the browser allows it (HTTPS, or this computer), the service worker (static/js/sw.js).
var canKeep = window.isSecureContext && "serviceWorker" in navigator && !!window.caches;
if (canKeep && page && page.dataset.worker) {
  var workers = navigator.serviceWorker;
  // A page that did not come through the worker (the first visit, which installs it; a reload that skipped it) asks
  // the worker to keep it once it is there, as it keeps the pages it fetches (a game's, the new-game form).
  if (!workers.controller) {
    workers.ready.then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: window.location.pathname });
    });
  }
  // The pages the worker keeps for no connection (the offline page, the page of a game made here, the offer to
  // install) speak the language they were kept in: in another language now, the worker keeps them again.
  var language = document.documentElement.lang, said = "pocha-pages-language";
  workers.ready.then(function (registration) {
    var kept = null;
    try { kept = window.localStorage.getItem(said); } catch (e) { return; }
    if (!registration.active || kept === language) return;
    registration.active.postMessage({ language: language });
    try { window.localStorage.setItem(said, language); } catch (e) { /* asked again on the next page */ }
  });
  window.addEventListener("load", function () {
    workers.register(page.dataset.worker).catch(function () {});
  });
}
