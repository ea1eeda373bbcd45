// Pocha: small enhancements. Every action is a real form that works without this file.
(function () {
  "use strict";

  // A tap sends its form once: a second tap while the first is on its way is ignored.
  function busy(form) {
    if (form.dataset.sending === "1") return true;
    form.dataset.sending = "1";
    window.setTimeout(function () { delete form.dataset.sending; }, 5000);
    return false;
  }

  // The game page's taps (class "tap") are sent in the background and the page is swapped
  // in place: no reload, no jump, quicker at the table. Any failure falls back to a normal submit.
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("main");
    var main = document.getElementById("main");
    if (!fresh || !main) return false;
    // Freshly drawn buttons ignore touches for a moment ("settling" in the stylesheet), so the
    // second half of a quick double tap cannot land on the next player's button.
    fresh.classList.add("settling");
    main.replaceWith(fresh);
    document.title = doc.title;
    window.setTimeout(function () { fresh.classList.remove("settling"); }, 250);
    return true;
  }

  // A refused tap: the page drew its message by the buttons that sent them (games/_hand.html, with
  // the buttons as the game now is). Bring it into view and give it the focus, so it is seen where the
  // eye is and read out (role=alert), and the next tap starts clean.
  function showRefusal() {
    var message = document.getElementById("tap-error");
    if (!message) return false;
    var box = message.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) message.scrollIntoView({ block: "center" });
    message.focus({ preventScroll: true });
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (busy(form)) { event.preventDefault(); return; }
    if (!form.classList.contains("tap") || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text().then(function (text) { return { ok: response.status < 500, text: text }; }); })
      .then(function (result) {
        if (!result.ok || !swap(result.text)) throw new Error("swap");
        // A saved hand: show the message and the next hand from the top, as a reload would.
        if (!showRefusal() && /\/guardar$/.test(form.action)) window.scrollTo(0, 0);
      })
      .catch(function () {
        delete form.dataset.sending;
        if (submitter) {
          var hidden = document.createElement("input");
          hidden.type = "hidden"; hidden.name = submitter.name; hidden.value = submitter.value;
          if (submitter.name) form.appendChild(hidden);
        }
        form.classList.remove("tap");
        form.submit();
      });
  }, false);

  // The new-game form: "Reparte primero" names the players as they are typed (the server
  // numbers seats among the names typed, blanks left out, and so does this).
  document.addEventListener("input", function (event) {
    var input = event.target;
    var select = document.getElementById("first_dealer");
    if (!select || !(input instanceof HTMLInputElement) || !/^names-\d+$/.test(input.id)) return;
    var names = Array.prototype.map.call(document.querySelectorAll("input[id^='names-']"), function (field) {
      return field.value.trim().replace(/\s+/g, " ");
    }).filter(function (name) { return name; });
    Array.prototype.forEach.call(select.options, function (option) {
      if (!/^\d+$/.test(option.value)) return;
      var unnamed = (select.dataset.unnamed || "#").replace("#", String(+option.value + 1));
      option.textContent = names[+option.value] || unnamed;
    });
  }, false);

  // Coming back to a page kept in the browser's cache: its forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sending]").forEach(function (form) { delete form.dataset.sending; });
  });

  // ---- Sharing (share/): copy and share buttons, and the watchers' page kept up to date -------
  // The buttons work only with this file: the stylesheet shows them once the page is marked.
  document.documentElement.classList.add("js");
  if (navigator.share) document.documentElement.classList.add("can-share");

  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("[data-copy], [data-share]") : null;
    var field = button && document.getElementById(button.dataset.copy || button.dataset.share);
    if (!field) return;
    if (button.dataset.share) {
      navigator.share({ title: document.title, url: field.value }).catch(function () {});
      return;
    }
    button.dataset.label = button.dataset.label || button.textContent;
    function copied() {
      button.textContent = button.dataset.done || button.dataset.label;
      window.setTimeout(function () { button.textContent = button.dataset.label; }, 2000);
    }
    function selectAndCopy() {
      field.select();
      try { if (document.execCommand("copy")) copied(); } catch (e) { /* the address stays selected */ }
    }
    // The clipboard API needs https or this computer; at a table on the Wi-Fi, the old way.
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(copied, selectAndCopy);
    else selectAndCopy();
  }, false);

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

  // ---- Back and Forward: a page drawn after a POST (a refused form) puts its GET address in the history in place
  // of the POST (base.html, data-address), so Back, Forward and reload never offer to send the form again. ------
  var page = document.body;
  if (page && page.dataset.address && window.history && history.replaceState) {
    history.replaceState(null, "", page.dataset.address + window.location.hash);
  }

  // ---- The phone app (main/phone_app.py): the service worker, the copies kept for no connection, the screen awake ----
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

  // The screen stays on while a game's page is open, where the browser allows it (the Wake Lock API, over HTTPS
  // or on this computer); the hint at the bottom of the page (base.html) is hidden, its place kept, while it does.
  var wakeLock = null;
  function keepAwake() {
    if (wakeLock || document.hidden || !page || !page.hasAttribute("data-game") || !navigator.wakeLock) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.classList.add("awake");
      lock.addEventListener("release", function () {
        wakeLock = null;
        document.documentElement.classList.remove("awake");
      });
    }).catch(function () {});
  }
  keepAwake();
  document.addEventListener("visibilitychange", keepAwake);

  // ---- The new-game form: «Añadir jugador» opens the next row here, and a name is dragged by its handle --------
  document.addEventListener("click", function (event) {
    var add = event.target instanceof Element ? event.target.closest(".add-player") : null;
    var next = add && document.querySelector(".name-row[hidden]");
    if (!next) return; // none left here: the server adds the row
    event.preventDefault();
    next.hidden = false;
    var rows = document.getElementById("filas");
    if (rows) rows.value = String(document.querySelectorAll(".name-row:not([hidden])").length);
    if (!document.querySelector(".name-row[hidden]")) add.hidden = true;
    var field = next.querySelector("input");
    if (field) field.focus();
  }, false);

  function typedNames() {
    return Array.prototype.map.call(document.querySelectorAll("input[id^='names-']"), function (field) {
      return field.value.trim().replace(/\s+/g, " ");
    }).filter(function (name) { return name; });
  }

  var dragged = null;
  document.addEventListener("pointerdown", function (event) {
    var handle = event.target instanceof Element ? event.target.closest(".drag-handle") : null;
    var row = handle && handle.closest(".name-row");
    if (!row) return;
    event.preventDefault();
    var dealer = document.getElementById("first_dealer");
    var chosen = dealer && /^\d+$/.test(dealer.value) ? typedNames()[+dealer.value] : null;
    dragged = { row: row, list: row.parentNode, dealer: chosen };
    row.classList.add("dragging");
    if (handle.setPointerCapture) handle.setPointerCapture(event.pointerId);
  }, false);

  document.addEventListener("pointermove", function (event) {
    if (!dragged) return;
    var rows = dragged.list.querySelectorAll(".name-row:not([hidden])");
    for (var i = 0; i < rows.length; i++) {
      var box = rows[i].getBoundingClientRect();
      if (rows[i] !== dragged.row && event.clientY < box.top + box.height / 2) {
        if (rows[i] !== dragged.row.nextElementSibling) dragged.list.insertBefore(dragged.row, rows[i]);
        return;
      }
    }
    var last = rows[rows.length - 1];
    if (last && last !== dragged.row) dragged.list.insertBefore(dragged.row, last.nextElementSibling);
  }, false);

  // Dropped: the names take their new order in the numbered rows, and the first dealer stays the same player.
  function drop() {
    if (!dragged) return;
    var drag = dragged;
    dragged = null;
    drag.row.classList.remove("dragging");
    var rows = Array.prototype.slice.call(drag.list.querySelectorAll(".name-row"));
    var values = rows.map(function (row) { return row.querySelector("input").value; });
    function slot(row) { return +row.querySelector("input").id.replace("names-", ""); }
    rows.sort(function (a, b) { return slot(a) - slot(b); }).forEach(function (row, i) {
      drag.list.appendChild(row);
      row.querySelector("input").value = values[i];
    });
    var first = rows[0] && rows[0].querySelector("input");
    if (first) first.dispatchEvent(new Event("input", { bubbles: true })); // the dealer list follows the names
    var dealer = document.getElementById("first_dealer");
    var seat = drag.dealer ? typedNames().indexOf(drag.dealer) : -1;
    if (dealer && seat >= 0) dealer.value = String(seat);
  }
  document.addEventListener("pointerup", drop, false);
  document.addEventListener("pointercancel", drop, false);

  // ---- The sheet: a whole name shown by a tap on its short form (games/_sheet.html) goes with the next tap
  // anywhere, and only one is shown at a time. ----------------------------------------------------------------
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.whole-name[open]").forEach(function (shown) {
      var summary = shown.querySelector("summary");
      if (!summary || !summary.contains(event.target)) shown.open = false;
    });
  });
})();
