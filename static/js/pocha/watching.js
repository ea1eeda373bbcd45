// The watchers' page (watch/game.html) kept up to date: its live part is asked for again every few seconds and
// put in place. A poll that gets no answer never leaves the page: a note says so, and when the sheet shown is from.
// The watchers' page: its live part (#en-vivo, watch/_live.html) names the address to ask
// (data-live), the version it shows (data-etag) and the release (data-release). Every 2 s it asks
// whether the game changed: a 304 with no body when it did not, else the live part again, with
// the sheet part left empty (data-igual) when the sheet shown (its data-huella) is still the
// sheet. What came is put in place (open boxes and the sheet's scroll kept). Nothing is asked
// while the page is hidden, and it asks at once when the page shows again. After an upgrade
// (another release) the whole page is loaded again.
//
// With no answer (no signal, the server asleep or restarting), the note #conexion says so and
// when the page last heard from the server, and it asks again less and less often (up to every
// 15 s), and at once when the phone says it is online again or the page shows again. The first
// answer takes the note away and brings the sheet up to date.

var POLL_EVERY = 2000;
var RETRY_AT_MOST = 15000;
var GIVE_UP_MS = 10000; // an answer that has not come by then will not
var pollTimer = 0;
var asking = false;
var failures = 0;
// The service worker marks a kept copy with when it was fetched (data-kept); else the page is news from now.
var heard = Number(document.documentElement.getAttribute("data-kept")) || Date.now();
var note = document.getElementById("conexion");
var ageTimer = 0;

function liveMarker() { return document.querySelector("#en-vivo[data-live]"); }

function schedulePoll() {
  window.clearTimeout(pollTimer);
  pollTimer = 0;
  var wait = failures ? Math.min(RETRY_AT_MOST, POLL_EVERY * Math.pow(2, failures - 1)) : POLL_EVERY;
  if (liveMarker() && !document.hidden && window.fetch) pollTimer = window.setTimeout(poll, wait);
}

// --- the note while there is no answer ------------------------------------------------------

// «Actualizado hace 2 min», or the time once an hour has gone by.
function heardText() {
  var minutes = Math.floor((Date.now() - heard) / 60000);
  if (minutes < 1) return note.getAttribute("data-just-now");
  if (minutes < 60) return note.getAttribute("data-minutes").replace("{n}", String(minutes));
  var time = new Date(heard).toLocaleTimeString(document.documentElement.lang || undefined,
    { hour: "2-digit", minute: "2-digit" });
  return note.getAttribute("data-at").replace("{time}", time);
}

function showAge() {
  window.clearTimeout(ageTimer);
  var age = note && note.querySelector(".connection-age");
  if (!age || !note.classList.contains("shown")) return;
  age.textContent = heardText();
  ageTimer = window.setTimeout(showAge, 30000);
}

function noAnswer() {
  failures += 1;
  if (!note || note.classList.contains("shown")) return;
  note.classList.add("shown");
  var lost = note.querySelector(".connection-lost");
  if (lost) lost.textContent = note.getAttribute("data-lost");
  showAge();
}

function answered() {
  failures = 0;
  heard = Date.now();
  if (!note || !note.classList.contains("shown")) return;
  note.classList.remove("shown");
  window.clearTimeout(ageTimer);
  note.querySelectorAll(".connection-lost, .connection-age").forEach(function (part) { part.textContent = ""; });
}

// «Actualizar» while there is no answer asks again in place (a reload would show the browser's error page).
var refresh = document.querySelector("#en-directo a.button");
if (refresh) {
  refresh.addEventListener("click", function (event) {
    if (!note || !note.classList.contains("shown")) return;
    event.preventDefault();
    poll();
  });
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
  if (!fresh) { noAnswer(); return true; } // not Pocha's answer (a Wi-Fi's login page, say): ask again later
  answered();
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
  var stop = window.AbortController ? new AbortController() : null;
  var giveUp = stop ? window.setTimeout(function () { stop.abort(); }, GIVE_UP_MS) : 0;
  fetch(url, {
    cache: "no-store",
    credentials: "same-origin",
    headers: { "If-None-Match": live.dataset.etag || "" },
    signal: stop ? stop.signal : undefined
  })
    .then(function (response) {
      if (response.status === 410) { window.location.reload(); return false; } // deleted: the page says so
      // 304: nothing new; 404: the game is gone; anything else but 200 (a proxy's 502, a 503): no answer yet
      if (response.status === 304 || response.status === 404) { answered(); return response.status === 304; }
      if (response.status !== 200) { noAnswer(); return true; }
      return response.text().then(function (html) { return update(live, html); });
    })
    .catch(function () { noAnswer(); return true; }) // no signal for a moment: ask again later
    .then(function (again) {
      window.clearTimeout(giveUp);
      asking = false;
      if (again) schedulePoll();
    });
}

document.addEventListener("visibilitychange", function () {
  if (document.hidden) { window.clearTimeout(pollTimer); pollTimer = 0; } else poll();
});
window.addEventListener("pageshow", function (event) { if (event.persisted) poll(); });
window.addEventListener("online", function () { poll(); });
if (document.documentElement.hasAttribute("data-kept")) poll(); // a copy kept by the service worker: ask now
else schedulePoll();
