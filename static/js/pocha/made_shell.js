// The page a game made on this phone is drawn in (games/phone_game.html), for a page with no service worker to give
// it (plain HTTP: the table's Wi-Fi): nothing can be loaded without signal there, so it is asked for ahead, while
// the server answers, with the script and stylesheets it asks for, and drawn in place of the page that asked, at the
// address of the game (or of the revancha) it opens. Those files are preloaded (<link rel=preload>) at addresses of
// this page's own (the file's, and a mark no other page uses: 128 random bits), and the page is drawn asking for
// them there: WebKit (every iPhone) gives a page's script from its memory only when it came as a script for that
// page, and the copy an earlier page left there may have lost its content; in a private tab nothing else keeps one.
import { newId } from "./outbox.js";

var shell = null;
var asking = false; // a request for it on its way: none other meanwhile

// Whether the page can be opened: the service worker gives it, or it was asked for ahead.
export function shellReady() {
  return !!(shell || navigator.serviceWorker && navigator.serviceWorker.controller);
}

// Ask for the page at `url` and what it needs, unless it can be opened already (asked again on the next call when
// it did not come).
export function fetchShell(url) {
  if (shellReady() || asking) return;
  asking = true;
  fetch(url).then(function (response) { return response.ok && response.text(); }).then(function (html) {
    asking = false;
    if (!html) return;
    var page = new DOMParser().parseFromString(html, "text/html"), mark = "?for=" + newId();
    page.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (needed) {
      var preload = document.createElement("link"), attribute = needed.src ? "src" : "href";
      needed.setAttribute(attribute, needed[attribute] + mark);
      preload.rel = "preload";
      preload.as = needed.src ? "script" : "style";
      preload.href = needed[attribute];
      document.head.appendChild(preload);
    });
    shell = "<!DOCTYPE html>\n" + page.documentElement.outerHTML;
  }, function () { asking = false; });
}

// Open `address` in that page (false when it cannot be): the service worker gives it; else the page asked for ahead
// is drawn in place of this one.
export function openShell(address) {
  if (!shell) {
    if (shellReady()) window.location.assign(address);
    return shellReady();
  }
  window.history.pushState(null, "", address);
  document.open();
  document.write(shell);
  document.close();
  return true;
}
