// Pocha's service worker, served at /sw.js (scorekeeper/main/phone_app.py puts self.POCHA in front: the release, the
// files every page needs, the offline page and the offer to install Pocha). Static files, whose addresses carry their
// content's hash, come from the cache. Pages come from the network; a game's page (the scorekeeper's or the
// watchers') and the new-game form are kept as the network last gave them (the first visit's too, fetched again when
// the page asks), and are served as they are when the network gives nothing (or nothing within a few seconds): the
// working page, whose script carries on from the phone's own record, only marked data-kept (when it was fetched). A
// scorekeeper's address with no copy is the page of a game made on this phone (its script draws the game or says
// it keeps none), and so is la revancha's page when the server does not give it (its script makes it here). Any other page without a connection is the offline page, which lists the games kept and offers a
// new game; the offer to install Pocha, its last copy.
"use strict";

var SETTINGS = self.POCHA;
var FILES = "pocha-files-" + SETTINGS.release;
var PAGES = "pocha-game-pages";
var GAME_PAGE = /^\/(p|ver)\/[^/]+$/;
var REMATCH = /^\/p\/[^/]+\/revancha$/;
// The pages kept as the network last gave them: a game's, and the new-game form, which begins a game without signal.
function keptPage(path) { return GAME_PAGE.test(path) || path === SETTINGS.new_game; }
var languageAsked = 0; // the pages for no connection asked for again in another language (the message below)
var SLOW_MS = 5000; // a server that has not answered by then is asleep or gone: the kept copy, if any
// Kept with each copy: when it was fetched, the release that kept it, the game's version it shows.
var KEPT_AT = "X-Pocha-Kept-At";
var RELEASE = "X-Pocha-Release";
var VERSION = "X-Pocha-Version";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES)
      .then(function (cache) { return cache.addAll(SETTINGS.precache.concat([SETTINGS.offline, SETTINGS.install, SETTINGS.made])); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A new release: the files of the old one go, and so do the pages that ask for them (and the read-only copies an
// earlier release kept in "pocha-pages").
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return (name.indexOf("pocha-files-") === 0 && name !== FILES) || name === "pocha-pages";
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return caches.open(PAGES); })
      .then(function (cache) {
        return cache.keys().then(function (requests) {
          return Promise.all(requests.map(function (request) {
            return cache.match(request).then(function (copy) {
              if (!copy || copy.headers.get(RELEASE) !== SETTINGS.release) return cache.delete(request);
            });
          }));
        });
      })
      .then(function () { return self.clients.claim(); })
  );
});

// A copy of the network's answer kept with this release's files.
function keepFile(request, response) {
  var copy = response.clone();
  caches.open(FILES).then(function (cache) { return cache.put(request, copy); }).catch(function () {});
}

// A static file, from the cache: its address names its content by a hash, so any query it carries (a page's own mark:
// made_shell.js) is the same file.
function fromCache(request) {
  return caches.match(request, { ignoreSearch: true }).then(function (kept) {
    if (kept) return kept;
    return fetch(request).then(function (response) {
      // Whole answers only (a video is asked for in ranges, answered 206: never kept).
      if (response.status === 200 && /\.[0-9a-f]{10}\.[a-z0-9]+$/.test(new URL(request.url).pathname)) {
        keepFile(request, response);
      }
      return response;
    });
  });
}

// The game's version a page shows (the card in its data block), or null.
function versionOf(html) {
  var block = /<script type="application\/json" id="game-card">([\s\S]*?)<\/script>/.exec(html);
  try {
    var version = block ? JSON.parse(block[1]).card.version : null;
    return typeof version === "number" ? version : null;
  } catch (error) {
    return null;
  }
}

// Each game page's newest request whose answer was kept: an answer to an older request that arrives late never
// replaces it. (Forgotten when the worker stops; the game's version still guards.)
var asked = 0;
var keptRequest = {};

// Keep the network's answer for `address` (asked as request number `number`), unless the copy kept is fresher.
function keep(address, response, number) {
  if (response.status === 404) { // a game that is gone (or whose address was replaced): its copy goes too
    return caches.open(PAGES).then(function (cache) { return cache.delete(address); });
  }
  var type = response.headers.get("Content-Type") || "";
  if (response.status !== 200 || type.indexOf("text/html") !== 0) return Promise.resolve();
  return response.text().then(function (html) {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(address).then(function (old) {
        if ((keptRequest[address] || 0) > number) return;
        var version = versionOf(html);
        var oldVersion = old && old.headers.get(VERSION) ? Number(old.headers.get(VERSION)) : null;
        if (version !== null && oldVersion !== null && oldVersion > version) return;
        keptRequest[address] = number;
        var headers = { "Content-Type": type };
        headers[KEPT_AT] = String(Date.now());
        headers[RELEASE] = SETTINGS.release;
        if (version !== null) headers[VERSION] = String(version);
        return cache.put(address, new Response(html, { headers: headers }));
      });
    });
  }).catch(function () {});
}

// The kept copy of a game's page, as the network gave it, marked with when that was; or undefined.
function keptCopy(address) {
  return caches.open(PAGES).then(function (cache) { return cache.match(address); }).then(function (copy) {
    if (!copy) return undefined;
    var when = Number(copy.headers.get(KEPT_AT)) || 0;
    return copy.text().then(function (html) {
      return new Response(html.replace(/<html\b/i, '<html data-kept="' + when + '"'), {
        headers: { "Content-Type": copy.headers.get("Content-Type") || "text/html; charset=utf-8" }
      });
    });
  }).catch(function () { return undefined; });
}

// The offer to install Pocha (a fragment the page's script asks for): the network's, else the last copy (one is kept
// from the start, as the offline page is, so that a page shown without a connection can make the offer).
function installOffer(request) {
  return fetch(request).then(function (response) {
    if (response.status === 200) keepFile(request, response);
    return response;
  }, function () { // this phone's copy, whatever the headers its answer varied by
    return caches.match(request, { ignoreVary: true }).then(function (kept) { return kept || Response.error(); });
  });
}

function offlinePage() {
  return caches.match(SETTINGS.offline).then(function (page) { return page || Response.error(); });
}

// The page a game this phone made is drawn in (games/phone_game.html), for a scorekeeper's address with no copy kept:
// its script draws the game the phone keeps at the address, or says it keeps none.
function madePage(address) {
  if (address.indexOf(self.location.origin + "/p/") !== 0) return offlinePage();
  return caches.match(SETTINGS.made).then(function (page) { return page || offlinePage(); });
}

// La revancha's page: the server's, or, when it does not answer (or not within a few seconds), the page a game made on
// this phone is drawn in, whose script makes the revancha on the phone from the game it kept.
function rematchPage(request) {
  return new Promise(function (resolve) {
    function alone() { resolve(madePage(request.url)); }
    var slow = setTimeout(alone, SLOW_MS);
    fetch(request).then(function (response) {
      clearTimeout(slow);
      resolve(response);
    }, function () {
      clearTimeout(slow);
      alone();
    });
  });
}

// A game's page: the network's answer (kept), or the kept copy when the network fails or is too slow.
function gamePage(event, address) {
  var number = ++asked;
  var network = fetch(event.request);
  event.waitUntil(network.then(function (response) { return keep(address, response.clone(), number); }, function () {}));
  return new Promise(function (resolve) {
    var answered = false;
    function answer(response) {
      if (!answered) { answered = true; resolve(response); }
    }
    var slow = setTimeout(function () {
      keptCopy(address).then(function (copy) { if (copy) answer(copy); });
    }, SLOW_MS);
    network.then(function (response) {
      clearTimeout(slow);
      answer(response);
    }, function () {
      clearTimeout(slow);
      keptCopy(address).then(function (copy) { return copy || madePage(address); }).then(answer);
    });
  });
}

// A game's page the worker did not fetch (the first visit, which installed it) asks to be kept (phone_app.js): it is
// fetched again and kept as the network's answers are, never over a fresher copy. Game pages of this site only.
self.addEventListener("message", function (event) {
  // The pages kept for no connection, again in the language the phone speaks now (phone_app.js).
  // Only the language asked for last is kept: a slower answer in the language before never comes after it.
  if (event.data && event.data.language) {
    var turn = ++languageAsked, pages = [SETTINGS.offline, SETTINGS.install, SETTINGS.made];
    event.waitUntil(Promise.all(pages.map(function (address) { return fetch(address); })).then(function (answers) {
      if (turn !== languageAsked || !answers.every(function (answer) { return answer.ok; })) return;
      return caches.open(FILES).then(function (cache) {
        return Promise.all(answers.map(function (answer, at) { return cache.put(pages[at], answer); }));
      });
    }).catch(function () {}));
    return;
  }
  var said = event.data && event.data.keep, page;
  try {
    page = typeof said === "string" ? new URL(said, self.location.origin) : null;
  } catch (error) {
    page = null; // not an address
  }
  if (!page) return;
  if (page.origin !== self.location.origin || !keptPage(page.pathname)) return;
  var address = page.origin + page.pathname;
  var number = ++asked;
  var asking = fetch(address, { credentials: "same-origin", headers: { Accept: "text/html" } });
  event.waitUntil(asking.then(function (response) { return keep(address, response, number); }, function () {}));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromCache(request));
  } else if (url.pathname === SETTINGS.install) {
    event.respondWith(installOffer(request));
  } else if (request.mode === "navigate" && keptPage(url.pathname) && !url.search) {
    event.respondWith(gamePage(event, url.origin + url.pathname));
  } else if (request.mode === "navigate" && REMATCH.test(url.pathname) && !url.search) {
    event.respondWith(rematchPage(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(offlinePage));
  }
});
