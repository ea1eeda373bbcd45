// The outbox of a game's taps (docs/offline.md): every tap is kept in this phone's localStorage with an id of its own
// and the card it was made on, and sent to the server in order (POST /p/<token>/anotar, at most 200 a request): at
// once, when the phone comes back online, when the page shows again, and every few seconds while any is waiting,
// less often while the server does not answer. A lost answer is harmless: the same ids sent again are "done". The
// queue outlives a reload, a closed tab and a restarted phone; a failed request changes nothing but the chip.

var BATCH = 200;
var FIRST_RETRY = 2000; // ms before sending again after the server did not answer
var LAST_RETRY = 15000;
var STORE = "pocha:outbox:";
var PATIENCE = 10000; // ms a request may take before it counts as unanswered (a computer asleep, say)

// 128 random bits in base64url (crypto.getRandomValues works over plain HTTP too).
function newId() {
  var bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  var text = "";
  for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// What this phone keeps of a game (key: its address): the last card the server gave (or the one the phone made), the
// taps not yet answered and, for a game the phone made without signal, its creation until the server has it.
function load(key) {
  try {
    var kept = JSON.parse(window.localStorage.getItem(STORE + key) || "null");
    if (kept && kept.card && Array.isArray(kept.queue)) return kept;
  } catch (e) { /* nothing kept, or storage refused */ }
  return null;
}

function store(key, kept) {
  try {
    window.localStorage.setItem(STORE + key, JSON.stringify(kept));
    return true;
  } catch (e) {
    return false;
  }
}

// One game's outbox (key: the game page's address), with what the phone kept of it: `card` (the card the queued
// taps go on top of; null when nothing was kept), `queue` (the taps not yet answered, oldest first; read it,
// never change it: add, keep and forget do) and `creation` (a game this phone made: what creates it on the server,
// sent before any tap by `settings.create(outbox)`; null once the server has it). `settings` has the tap endpoint
// (taps), the CSRF token (csrf), a `version()` giving the stored version the queue starts from, and
// `answered(answer, sent)`, `unanswered(status, answer)`, `changed()` and `awake()` (the phone back online, or the page
// shown again) called back.
function Outbox(key, settings) {
  var kept = load(key);
  this.key = key;
  this.settings = settings;
  this.card = kept ? kept.card : null;
  this.queue = kept ? kept.queue : [];
  this.creation = kept && kept.creation ? kept.creation : null;
  this.creationUrl = kept ? kept.creationUrl : null; // where the creation is sent
  this.refused = null; // the server refused the creation: its answer (the game stays on this phone only)
  this.sending = false;
  this.failed = false; // the last request got no answer
  this.retry = FIRST_RETRY;
  this.timer = 0;
  var self = this;
  window.addEventListener("online", function () {
    self.sendSoon(0);
    self.settings.awake();
  });
  // Shown again: send at once; hidden (the phone locked, another app): send what waits while the page may still.
  document.addEventListener("visibilitychange", function () {
    self.sendSoon(0);
    if (!document.hidden) self.settings.awake();
  });
  window.addEventListener("pageshow", function (event) { if (event.persisted) self.sendSoon(0); });
}

// A new tap: kept on the phone at once, then sent; it says when it was made by this phone's clock (`at`, ms since
// 1970), which the server believes when it can: a game kept without signal keeps the length it was played in.
Outbox.prototype.add = function (tap) {
  tap.at = Date.now();
  this.queue.push(tap);
  this.keep();
  this.sendSoon(0);
};

// Keep the queue on the phone, on `card` (the card the queue now goes on top of) if given.
Outbox.prototype.keep = function (card) {
  if (card !== undefined) this.card = card;
  // Where the taps go, for any other page of Pocha to send them (send_waiting.js).
  var kept = { card: this.card, queue: this.queue, taps: this.settings.taps };
  if (this.creation) {
    kept.creation = this.creation;
    kept.creationUrl = this.creationUrl;
  }
  return store(this.key, kept);
};

// Let go of the taps `ids` names (answered by the server), or of every tap (those kept on a card the page is newer
// than). Kept with the next `keep`.
Outbox.prototype.forget = function (ids) {
  this.queue = ids ? this.queue.filter(function (tap) { return !ids[tap.id]; }) : [];
};

Outbox.prototype.pending = function () { return this.queue.length + (this.creation ? 1 : 0); };

// When the oldest thing waiting was made, by this phone's clock (ms): the game's creation, else the first tap; or 0.
Outbox.prototype.oldest = function () {
  var first = this.creation || this.queue[0];
  return first && first.at || 0;
};

Outbox.prototype.sendSoon = function (delay) {
  var self = this;
  window.clearTimeout(this.timer);
  this.timer = 0;
  if (!this.pending() || this.sending || this.refused) return;
  this.timer = window.setTimeout(function () { self.send(); }, delay);
};

// Send the oldest taps; the answer says which were applied (or had been), which refused, and the card when the
// phone cannot know it from its own taps.
Outbox.prototype.send = function () {
  var self = this;
  if (this.sending || !this.pending() || this.refused || !window.fetch) return;
  if (this.creation) { this.settings.create(this); return; } // the page of a game this phone made sends it
  this.sending = true;
  this.settings.changed();
  var sent = this.queue.slice(0, BATCH);
  var body = JSON.stringify({ version: this.settings.version(), taps: sent });
  this.post(this.settings.taps, body).then(function (reply) {
    self.sending = false;
    if (reply.status === 200 && reply.answer && Array.isArray(reply.answer.results)) {
      self.failed = false;
      self.retry = FIRST_RETRY;
      var answered = {};
      reply.answer.results.forEach(function (result) { answered[result.id] = true; });
      self.forget(answered);
      self.settings.answered(reply.answer, sent);
      self.settings.changed();
      self.sendSoon(0);
      return;
    }
    // Not taken: the server will answer later (429, 5xx), or the page must be drawn again (403: a new form token).
    self.settings.unanswered(reply.status, reply.answer);
    self.again(reply.wait * 1000);
  }).catch(function () {
    self.sending = false;
    self.again(0);
  });
};

// POST `body` (JSON) to `address`: {status, answer (the JSON answered, or null), wait (Retry-After, in s)}; a request
// the network did not carry, or that took longer than PATIENCE, fails.
Outbox.prototype.post = function (address, body) {
  var stop = window.AbortController ? new AbortController() : null;
  var patience = window.setTimeout(function () { if (stop) stop.abort(); }, PATIENCE);
  return fetch(address, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    keepalive: document.hidden && body.length < 60000, // sent even as the phone leaves the page
    signal: stop ? stop.signal : undefined,
    headers: { "Content-Type": "application/json", "X-CSRFToken": this.settings.csrf(), "X-Requested-With": "fetch" },
    body: body
  }).then(function (response) {
    window.clearTimeout(patience);
    return response.json().catch(function () { return null; }).then(function (answer) {
      return { status: response.status, answer: answer, wait: +response.headers.get("Retry-After") || 0 };
    });
  }, function (error) {
    window.clearTimeout(patience);
    throw error;
  });
};

Outbox.prototype.again = function (wait) {
  this.failed = true;
  keepStorage();
  this.settings.changed();
  this.sendSoon(Math.max(wait, this.retry));
  this.retry = Math.min(LAST_RETRY, this.retry * 2);
};

// Taps wait on this phone with no answer: where the browser may clear a site's storage on its own (Safari, after days
// without a visit, unless Pocha is on the home screen; any browser short of space), ask it to keep Pocha's, once a
// page (granted, it is not asked again). Only HTTPS and this computer have navigator.storage.
var storageAsked = false;
function keepStorage() {
  if (storageAsked || !navigator.storage || !navigator.storage.persist) return;
  storageAsked = true;
  navigator.storage.persist().catch(function () {});
}

// Every game this phone keeps an outbox of: [{address, kept}], `kept` as load gives it.
function keptGames() {
  var games = [];
  try {
    Object.keys(window.localStorage).forEach(function (name) {
      var kept = name.indexOf(STORE) ? null : load(name.slice(STORE.length));
      if (kept) games.push({ address: name.slice(STORE.length), kept: kept });
    });
  } catch (e) { /* storage refused: nothing kept */ }
  return games;
}

// How many taps (and games it made) wait on this phone, in every game's outbox it keeps (the install offer asks: on
// an iPhone, an app put on the home screen has storage of its own, and would never send them).
function waitingOnPhone() {
  return keptGames().reduce(function (count, game) {
    return count + game.kept.queue.length + (game.kept.creation ? 1 : 0);
  }, 0);
}

export { Outbox, newId, waitingOnPhone, keptGames, load as kept, store as keepKept };
