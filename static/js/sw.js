// Pocha's service worker, served at /sw.js (scorekeeper/main/phone_app.py puts self.POCHA in front: the release, the
// files every page needs and the offline page). Pages come from the network first; static files, whose addresses
// carry their content's hash, from the cache. Without a connection a game's page is the last copy this phone kept
// of it (js/pocha/phone_app.js keeps them in "pocha-pages"), marked data-offline: read only, with its note; any
// other page is the offline page, which lists those copies.
"use strict";

var SETTINGS = self.POCHA;
var FILES = "pocha-files-" + SETTINGS.release;
var PAGES = "pocha-pages";
var GAME_PAGE = /^\/(p|ver)\/[^/]+$/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(FILES)
      .then(function (cache) { return cache.addAll(SETTINGS.precache.concat([SETTINGS.offline])); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A new release: the files of the old one go; the copies of the games stay.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("pocha-files-") === 0 && name !== FILES;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

function fromCache(request) {
  return caches.match(request).then(function (kept) {
    if (kept) return kept;
    return fetch(request).then(function (response) {
      if (response.ok && /\.[0-9a-f]{10}\.[a-z]+$/.test(new URL(request.url).pathname)) {
        var copy = response.clone();
        caches.open(FILES).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

// The kept copy of a game's page, marked as seen without a connection.
function offlineCopy(kept) {
  return kept.text().then(function (html) {
    return new Response(html.replace(/<html\b/i, '<html data-offline=""'), {
      headers: { "Content-Type": "text/html; charset=utf-8" }
    });
  });
}

function withoutNetwork(url) {
  var kept = GAME_PAGE.test(url.pathname)
    ? caches.open(PAGES).then(function (cache) { return cache.match(url.origin + url.pathname); })
    : Promise.resolve(undefined);
  return kept.then(function (copy) {
    if (copy) return offlineCopy(copy);
    return caches.match(SETTINGS.offline).then(function (page) { return page || Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromCache(request));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).then(function (response) {
      // A game that is gone (or whose address was replaced): its copy goes too.
      if (response.status === 404 && GAME_PAGE.test(url.pathname)) {
        caches.open(PAGES).then(function (cache) { cache.delete(url.origin + url.pathname); });
      }
      return response;
    }, function () { return withoutNetwork(url); }));
  }
});
