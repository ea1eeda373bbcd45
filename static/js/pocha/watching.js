// The watchers' page (share/watch.html) kept up to date: its live part is asked for again every few seconds and
// put in place.
(function () {
  "use strict";

  // The watchers' page: its live part (#en-vivo, share/_live.html) names the address to ask
  // (data-live), the version it shows (data-etag) and the release (data-release). Every 2 s it asks
  // whether the game changed: a 304 with no body when it did not, else the live part again, with
  // the sheet part left empty (data-igual) when the sheet shown (its data-huella) is still the
  // sheet. What came is put in place (open boxes and the sheet's scroll kept). Nothing is asked
  // while the page is hidden, and it asks at once when the page shows again. After an upgrade
  // (another release) the whole page is loaded again.
  var POLL_EVERY = 2000;
  var pollTimer = 0;
  var asking = false;

  function liveMarker() { return document.querySelector("#en-vivo[data-live]"); }

  function schedulePoll() {
    window.clearTimeout(pollTimer);
    pollTimer = 0;
    if (liveMarker() && !document.hidden && window.fetch) pollTimer = window.setTimeout(poll, POLL_EVERY);
  }

  // Put `fresh` in the place of `current` (either may be missing), keeping open boxes and scrolls.
  function replaceKeeping(current, fresh, parent, before) {
    if (!current && !fresh) return;
    var open = [], scrolls = [];
    if (current) {
      open = Array.prototype.map.call(current.querySelectorAll("details[id][open]"), function (box) { return box.id; });
      scrolls = Array.prototype.map.call(current.querySelectorAll(".sheet-scroll"), function (box) { return box.scrollLeft; });
    }
    if (current && fresh) current.replaceWith(fresh);
    else if (current) { current.remove(); return; }
    else parent.insertBefore(fresh, before);
    open.forEach(function (id) { var box = document.getElementById(id); if (box && box.tagName === "DETAILS") box.open = true; });
    fresh.querySelectorAll(".sheet-scroll").forEach(function (box, i) { if (scrolls[i]) box.scrollLeft = scrolls[i]; });
  }

  function update(live, html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("en-vivo");
    if (!fresh) return false;
    if (fresh.dataset.release !== live.dataset.release) { window.location.reload(); return false; }
    var sheet = fresh.querySelector("#partida");
    var newSheet = sheet && !sheet.hasAttribute("data-igual");
    // The standings strip (#resumen) comes with a new sheet only, and goes above the hand.
    if (newSheet) replaceKeeping(live.querySelector("#resumen"), fresh.querySelector("#resumen"), live, live.firstChild);
    replaceKeeping(live.querySelector("#mano"), fresh.querySelector("#mano"), live, live.querySelector("#partida"));
    if (newSheet) replaceKeeping(live.querySelector("#partida"), sheet, live, null);
    live.dataset.etag = fresh.dataset.etag;
    return true;
  }

  function poll() {
    var live = liveMarker();
    if (!live || document.hidden || asking || !window.fetch) return;
    window.clearTimeout(pollTimer);
    asking = true;
    var sheet = live.querySelector("#partida[data-huella]");
    var url = live.dataset.live + (sheet ? "?hoja=" + encodeURIComponent(sheet.dataset.huella) : "");
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: { "If-None-Match": live.dataset.etag || "" } })
      .then(function (response) {
        if (response.status === 410) { window.location.reload(); return false; } // deleted: the page says so
        if (response.status !== 200) return response.status !== 404; // 304: nothing new; 404: the game is gone
        return response.text().then(function (html) { return update(live, html); });
      })
      .catch(function () { return true; }) // no signal for a moment: ask again later
      .then(function (again) { asking = false; if (again) schedulePoll(); });
  }

  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { window.clearTimeout(pollTimer); pollTimer = 0; } else poll();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) poll(); });
  schedulePoll();
})();
