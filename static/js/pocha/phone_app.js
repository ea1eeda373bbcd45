// The phone app (main/phone_app.py): the service worker, the copies of games' pages kept for no connection and
// the offline page's list of them.
(function () {
  "use strict";

  var page = document.body;

  // Where the browser allows it (HTTPS, or this computer), the service worker (static/js/sw.js).
  var canKeep = window.isSecureContext && "serviceWorker" in navigator && !!window.caches;
  if (canKeep && page && page.dataset.worker) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(page.dataset.worker).catch(function () {});
    });
  }

  // A game's page (data-game) is kept as this phone last saw it, for a reload without a connection: when it is
  // drawn, after each tap or news from the table (a second later), and when the phone leaves it.
  var offline = document.documentElement.hasAttribute("data-offline");
  var PAGES = "pocha-pages";
  var keepTimer = 0;

  function keepCopy() {
    window.clearTimeout(keepTimer);
    if (!canKeep || offline || !page || !page.hasAttribute("data-game")) return;
    var copy = document.documentElement.cloneNode(true);
    copy.classList.remove("awake");
    var body = copy.querySelector("body");
    if (body) body.removeAttribute("data-address");
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open(PAGES).then(function (cache) {
      return cache.put(window.location.origin + window.location.pathname,
        new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }).catch(function () {});
  }

  if (page && page.hasAttribute("data-game") && !offline) {
    keepCopy();
    if (window.MutationObserver) {
      new MutationObserver(function () {
        window.clearTimeout(keepTimer);
        keepTimer = window.setTimeout(keepCopy, 1000);
      }).observe(page, { childList: true, subtree: true, characterData: true });
    }
    window.addEventListener("pagehide", keepCopy);
  }

  // The copy seen without a connection: read only, no asking the server, the real page again once online.
  if (offline) {
    document.querySelectorAll("form button, form input, form select, form textarea").forEach(function (control) {
      control.disabled = true;
    });
    var livePart = document.getElementById("en-vivo");
    if (livePart) livePart.removeAttribute("data-live");
    // (only when the phone says it is online: a late "online" from before the page was drawn is no news)
    window.addEventListener("online", function () { if (navigator.onLine) window.location.reload(); });
  }

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
})();
