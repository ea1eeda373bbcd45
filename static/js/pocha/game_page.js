// The scorekeeper's game page without waiting for the network (docs/offline.md). The page carries the game's card
// (#game-card, games/game.html); every tap of the hand panel is applied here at once by the phone's copy of the
// rules (js/pocha/hand_rules.js), drawn (js/pocha/hand_panel.js) and queued in the outbox (js/pocha/outbox.js),
// which sends it when the server answers. The server replays each tap through the engine and its answer wins: a
// card in it replaces the phone's, the taps still queued go on top, and a refusal is shown where the eye is. The
// sheet below the hand is the server's: it is asked for again once the hands saved here are stored. A chip in the
// header says where the phone stands; links and forms that need the server wait for it, with a word.
(function (root) {
  "use strict";

  var block = document.getElementById("game-card");
  var PochaHand = root.PochaHand, PochaPanel = root.PochaPanel, PochaOutbox = root.PochaOutbox, T = root.PochaTexts;
  if (!block || !PochaHand || !PochaPanel || !PochaOutbox || !root.localStorage || !root.fetch) return;
  var setup;
  try { setup = JSON.parse(block.textContent); } catch (e) { return; }
  if (!setup || !setup.card || setup.card.format !== 1) return; // a card this script cannot read: the forms post

  var _ = T.gettext, ngettext = T.ngettext;
  var page = T.page();
  var key = root.location.pathname;
  var SETTLE = 250; // ms freshly drawn buttons ignore touches: a double tap's second half lands on nothing
  var FRESH = 15000; // ms after an answer from the server during which a link is followed without asking first
  var ACTIONS = ["trump", "offer", "bid", "tricks", "renuncios", "undo", "save"];

  // The card the phone starts from: the one it kept (with taps still to send, or newer than the page's: a page the
  // service worker kept), else the page's.
  var kept = PochaOutbox.load(key);
  var base = setup.card, waiting = [];
  if (kept && kept.card.format === 1 && (kept.queue.length || kept.card.version > setup.card.version)) {
    base = kept.card;
    waiting = kept.queue;
  }
  var csrf = setup.csrf;
  var game = null;
  var drawnAs = "";
  var review = null; // the hand a refused tap was for, until the next tap
  var lastAnswer = 0; // when the server last answered
  var cardTag = "";

  // --- the state: the card with the queued taps on top ---------------------------------------------------------

  function applyTap(now, tap) {
    if (tap.action === "undo") {
      var last = now.hand && now.hand.last;
      if (!last || JSON.stringify(last) !== JSON.stringify(tap.undoes)) return now; // another phone said something after
    }
    try { return now.apply(tap); } catch (refused) {
      if (refused instanceof PochaHand.Refusal) return now; // the server will say why
      throw refused;
    }
  }

  function rebuild() {
    var now = PochaHand.fromCard(base);
    outbox.queue.forEach(function (tap) { now = applyTap(now, tap); });
    game = now;
  }

  function keep() { PochaOutbox.keep(key, { card: base, queue: outbox.queue }); }

  var outbox = new PochaOutbox.Outbox(key, {
    taps: setup.taps,
    csrf: function () { return csrf; },
    version: function () { return base.version; },
    answered: answered,
    unanswered: unanswered,
    changed: showState
  });
  outbox.queue = waiting;

  // --- drawing ---------------------------------------------------------------------------------------------------

  function view() {
    return {
      hand: game.hand, names: base.players, totals: game.sheet.totals, rules: base.rules, scheduled: base.schedule.length,
      urls: page.urls || {}, csrf: csrf, version: base.version
    };
  }

  function element(html) {
    var box = document.createElement("div");
    box.innerHTML = html;
    return box.firstElementChild;
  }

  function put(id, html, after) {
    var old = document.getElementById(id), fresh = html ? element(html) : null;
    if (old && fresh) old.replaceWith(fresh);
    else if (old) old.remove();
    else if (fresh && after) after.after(fresh);
    return fresh;
  }

  // Draw the strip and the hand panel from the phone's state (`refusal`: a refused tap's message and its place).
  function draw(refusal) {
    var main = document.getElementById("main");
    var title = main && main.querySelector("h1");
    if (!title) return;
    var strip = put("resumen", PochaPanel.strip(game.sheet, base.players, page.strip_names || base.players), title);
    var html = "";
    if (game.hand) html = PochaPanel.panel(view(), refusal || null);
    else if (game.waitsForExtraHand()) html = waitingPanel();
    var panel = put("mano", html, strip || title);
    if (panel) {
      panel.classList.add("settling");
      root.setTimeout(function () { panel.classList.remove("settling"); }, SETTLE);
    }
    drawnAs = signature();
    drawSheetNote();
    document.body.dataset.drawn = String(+(document.body.dataset.drawn || 0) + 1);
    if (refusal) showRefusal();
  }

  function waitingPanel() {
    return "<section class=\"hand-panel\" id=\"mano\" aria-labelledby=\"hand-title\"><h2 id=\"hand-title\">" +
      PochaPanel.esc(_("Mano de desempate %(n)s", { n: game.sheet.next.number })) + "</h2><p class=\"hint\">" +
      PochaPanel.esc(_("Empate en cabeza: la mano de desempate empieza en cuanto este móvil hable con el servidor.")) +
      "</p></section>";
  }

  // The forms of the panel drawn as they are carry the version and the form token the page knows now (they count
  // only for a form sent without the script; the panel is not drawn again for them: no touch is lost to it).
  function freshenForms() {
    var panel = document.getElementById("mano");
    if (!panel) return;
    panel.querySelectorAll("input[name=version]").forEach(function (input) { input.value = String(base.version); });
    panel.querySelectorAll("input[name=csrf_token]").forEach(function (input) { input.value = csrf; });
  }

  function signature() {
    return JSON.stringify([game.saved.length, game.hand ? [game.hand.plan.number, game.hand.steps()] : null]);
  }

  // A refused tap's message, brought into view and given the focus (read out: role=alert).
  function showRefusal() {
    var message = document.getElementById("tap-error");
    if (!message) return;
    var box = message.getBoundingClientRect();
    if (box.top < 0 || box.bottom > root.innerHeight) message.scrollIntoView({ block: "center" });
    message.focus({ preventScroll: true });
  }

  function flash(texts) {
    var main = document.getElementById("main");
    var old = main && main.querySelector(".flashes");
    if (old) old.remove();
    if (!texts.length || !main) return;
    var box = document.createElement("div");
    box.className = "flashes";
    texts.forEach(function (text) {
      var line = document.createElement("p");
      line.className = "flash flash-success";
      line.setAttribute("role", "status");
      line.textContent = text;
      box.appendChild(line);
    });
    var title = main.querySelector("h1");
    main.insertBefore(box, title || main.firstChild);
  }

  // --- the sheet: the server's, with a word while hands saved here are not in it yet -------------------------------

  // How many hands the server's sheet on the page has: rows the phone drew on top of it do not count.
  function sheetRows() {
    var table = document.querySelector("#hoja .sheet-compact");
    if (!table) return 0;
    var drawn = table.getAttribute("data-server-rows");
    return drawn !== null ? +drawn : table.querySelectorAll("tbody tr").length;
  }

  // Hands saved on this phone and not yet on the server's sheet: their rows drawn by the phone, as the server draws
  // them (games/_sheet.html), and a word that the rest of the sheet (the paper view, the chart) follows later.
  function drawSheetNote() {
    var sheet = document.getElementById("hoja");
    if (!sheet) return;
    var table = sheet.querySelector(".sheet-compact"), body = table && table.querySelector("tbody");
    var foot = table && table.querySelector("tfoot");
    var note = sheet.querySelector(".sheet-waiting");
    var missing = game.saved.length - sheetRows();
    if (body && foot && (missing > 0 || table.hasAttribute("data-server-rows"))) {
      if (!table.hasAttribute("data-server-rows")) table.setAttribute("data-server-rows", String(sheetRows()));
      var rows = PochaPanel.sheetRows(game.sheet, base.players, page.urls.correct || "");
      if (body.innerHTML !== rows.body) body.innerHTML = rows.body;
      if (foot.innerHTML !== rows.foot) foot.innerHTML = rows.foot;
    }
    if (missing <= 0) { if (note) note.remove(); return; }
    if (!note) {
      note = document.createElement("p");
      note.className = "sheet-waiting";
      var heading = sheet.querySelector("h2");
      if (heading) heading.after(note); else sheet.prepend(note);
    }
    note.textContent = outbox.pending() || outbox.failed
      ? ngettext("Falta %(num)s mano guardada en este móvil: la hoja se pondrá al día cuando vuelva la conexión.",
        "Faltan %(num)s manos guardadas en este móvil: la hoja se pondrá al día cuando vuelva la conexión.", missing)
      : _("Poniendo la hoja al día…");
  }

  // Ask for the page again and put the server's parts of it (the sheet, the standings, the chart, the
  // corrections) in place; the hand panel and the strip stay the phone's.
  var refreshing = false;
  function refreshSheet() {
    if (refreshing) return;
    refreshing = true;
    fetch(root.location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        refreshing = false;
        if (html) putServerParts(new DOMParser().parseFromString(html, "text/html"));
      }, function () { refreshing = false; });
  }

  function putServerParts(doc) {
    var fresh = doc.getElementById("main"), main = document.getElementById("main");
    if (!fresh || !main) return;
    var block = doc.getElementById("game-card");
    if (block) {
      try { csrf = JSON.parse(block.textContent).csrf || csrf; } catch (e) { /* the token we have */ }
    }
    var open = Array.prototype.map.call(main.querySelectorAll("details[id][open]"), function (box) { return box.id; });
    var scrolls = Array.prototype.map.call(main.querySelectorAll(".sheet-scroll"), function (box) { return box.scrollLeft; });
    var ours = ["resumen", "mano"].map(function (id) { return document.getElementById(id); });
    var focused = document.activeElement; // kept in our parts, it loses the focus while they are moved
    var flashes = main.querySelector(".flashes");
    Array.prototype.forEach.call(fresh.querySelectorAll("#resumen, #mano, .flashes, #tap-error"), function (part) { part.remove(); });
    main.replaceChildren.apply(main, Array.prototype.slice.call(fresh.childNodes));
    var title = main.querySelector("h1");
    if (title) {
      ours.filter(Boolean).reverse().forEach(function (part) { title.after(part); });
      if (flashes) main.insertBefore(flashes, title);
    }
    if (focused && focused !== document.body && document.contains(focused) && document.activeElement !== focused) {
      focused.focus({ preventScroll: true });
    }
    freshenForms();
    open.forEach(function (id) { var box = document.getElementById(id); if (box && box.tagName === "DETAILS") box.open = true; });
    main.querySelectorAll(".sheet-scroll").forEach(function (box, i) { if (scrolls[i]) box.scrollLeft = scrolls[i]; });
    drawSheetNote();
  }

  function sheetBehind() { return game.saved.length !== sheetRows(); }

  // --- taps ------------------------------------------------------------------------------------------------------

  function actionOf(form) {
    var urls = page.urls || {}, address = form.getAttribute("action");
    for (var i = 0; i < ACTIONS.length; i++) if (urls[ACTIONS[i]] === address) return ACTIONS[i];
    return null;
  }

  // What the page showed for the value a tap changes ("" for nothing yet), as the forms send it.
  function shown(hand, action, seat) {
    var value = null;
    if (action === "trump") value = hand.trumpSaid ? (hand.trump === null ? "-" : hand.trump) : null;
    else if (action === "offer") value = hand.offers ? hand.offers[seat] : null;
    else if (action === "bid") value = hand.bids[seat];
    else if (action === "tricks") value = hand.tricks[seat];
    else if (action === "renuncios") value = hand.renuncios[seat];
    return value === null || value === undefined ? "" : String(value);
  }

  function tapOf(form, button) {
    var action = actionOf(form);
    if (!action) return null;
    var tap = { action: action, hand: +form.elements.hand.value };
    if (form.elements.seat) tap.seat = +form.elements.seat.value;
    if (button && button.name === "value") {
      var raw = String(button.value);
      if (action === "trump") tap.value = raw;
      else if (/^\d{1,2}$/.test(raw)) tap.value = +raw;
      else return null;
    }
    return tap;
  }

  function tapped(tap) {
    review = null;
    flash([]);
    var before = game, after;
    try {
      after = game.apply(tap);
    } catch (refused) {
      if (!(refused instanceof PochaHand.Refusal)) throw refused;
      draw(PochaPanel.placeRefusal(PochaHand.render(refused, T.translate), tap, game.hand));
      showState();
      return;
    }
    if (after === before) { draw(); showState(); return; } // the same tap twice: nothing to send
    if (tap.action === "undo") tap.undoes = before.hand.last;
    if (before.hand && tap.action !== "undo" && tap.action !== "save") tap.was = shown(before.hand, tap.action, tap.seat);
    tap.id = PochaOutbox.newId();
    outbox.queue.push(tap);
    keep();
    game = after;
    draw();
    if (tap.action === "save") {
      var said = [_("Mano %(number)s guardada.", { number: tap.hand })];
      if (game.sheet.finished) said.push(_("¡Fin de la partida!"));
      flash(said);
      root.scrollTo(0, 0);
    }
    outbox.sendSoon(0);
    showState();
  }

  var lastButton = null;
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element ? event.target.closest("#mano form.tap button") : null;
    if (button) lastButton = button;
  }, true);

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains("tap") || !form.closest("#mano")) return;
    var tap = tapOf(form, event.submitter || lastButton);
    lastButton = null;
    if (!tap) return; // not a tap this page knows: the form posts
    event.preventDefault();
    event.stopImmediatePropagation();
    tapped(tap);
  }, true);

  // --- the server's answers ------------------------------------------------------------------------------------

  function answered(answer, sent) {
    lastAnswer = Date.now();
    var status = {}, refusals = [];
    answer.results.forEach(function (result) {
      status[result.id] = result.status;
      if (result.status === "refused") refusals.push(result);
    });
    if (answer.card && answer.card.format === 1) {
      base = answer.card;
    } else {
      // The phone's own taps, as the server applied them, on the card it had: the card the server keeps now.
      var now = PochaHand.fromCard(base), same = true;
      sent.forEach(function (tap) {
        if (status[tap.id] !== "applied" && status[tap.id] !== "done") return;
        var after = applyTap(now, tap);
        if (after === now && (tap.action === "undo" || tap.action === "save")) same = false;
        now = after;
      });
      base = now.toCard(typeof answer.version === "number" ? answer.version : base.version);
      if (!same) cardWanted = true;
    }
    keep();
    rebuild();
    var refused = refusals[refusals.length - 1];
    var tap = refused && sent.filter(function (t) { return t.id === refused.id; })[0];
    if (refused) {
      review = refused.hand || (tap && tap.hand) || null;
      var onHand = game.hand && tap && tap.hand === game.hand.plan.number;
      draw(PochaPanel.placeRefusal(refused.message, onHand ? tap : null, game.hand));
    } else if (signature() !== drawnAs) {
      draw();
    } else {
      freshenForms();
    }
    if (!outbox.pending() && (sheetBehind() || answer.card)) refreshSheet();
    if (!outbox.pending() && (cardWanted || game.waitsForExtraHand())) askCard(true);
    drawSheetNote();
  }

  function unanswered(status) {
    if (status === 403) refreshSheet(); // a new form token comes with the page
  }

  // The card as the server keeps it now (another phone may have noted something), while nothing waits to be sent.
  var asking = false, cardWanted = false;
  function askCard(force) {
    if (asking || outbox.pending() || !setup.card_url) return;
    if (!force && Date.now() - lastAnswer < 2000) return;
    asking = true;
    fetch(setup.card_url, { credentials: "same-origin", cache: "no-store", headers: cardTag ? { "If-None-Match": cardTag } : {} })
      .then(function (response) {
        if (response.status !== 200) return null;
        cardTag = response.headers.get("ETag") || "";
        return response.json();
      })
      .then(function (answer) {
        asking = false;
        cardWanted = false;
        lastAnswer = Date.now();
        showState();
        if (!answer || !answer.card || answer.card.format !== 1 || outbox.pending()) return;
        if (answer.card.version === base.version && !game.waitsForExtraHand()) return;
        base = answer.card;
        keep();
        rebuild();
        if (signature() !== drawnAs) draw(); else freshenForms();
        if (sheetBehind()) refreshSheet();
      }, function () { asking = false; });
  }

  document.addEventListener("visibilitychange", function () { if (!document.hidden) askCard(false); });
  root.addEventListener("online", function () { askCard(false); });

  // --- the chip: where the phone stands --------------------------------------------------------------------------

  var chip = document.createElement("p");
  chip.className = "sync-chip";
  chip.id = "estado";
  var told = document.createElement("p");
  told.className = "visually-hidden";
  told.setAttribute("role", "status");
  var header = document.querySelector(".site-header");
  if (header) { header.appendChild(chip); header.appendChild(told); }
  document.documentElement.classList.add("keeping-score");

  function state() {
    var waiting = outbox.pending();
    if (review !== null) return ["review", _("Revisa la mano %(n)s", { n: review })];
    if (waiting && outbox.failed) {
      return ["offline", ngettext("Sin conexión · %(num)s pendiente", "Sin conexión · %(num)s pendientes", waiting)];
    }
    if (waiting) return ["sending", _("Enviando…")];
    return ["saved", _("Guardado")];
  }

  // Visible at once; read out when it matters (offline, back to saved, a hand to look at), not at every tap.
  function showState() {
    var now = state();
    if (chip.dataset.state !== now[0] || chip.textContent !== now[1]) {
      var was = chip.dataset.state;
      chip.dataset.state = now[0];
      chip.textContent = now[1];
      if (now[0] === "offline" && was !== "offline") told.textContent = now[1];
      else if (now[0] === "review" || (now[0] === "saved" && (was === "offline" || was === "review"))) told.textContent = now[1];
    }
    if (game) drawSheetNote();
  }

  // --- links and forms that need the server ----------------------------------------------------------------------

  function needsServer(target) {
    if (target.tagName === "A") {
      var address = new URL(target.href, root.location.href);
      if (address.origin !== root.location.origin || target.hasAttribute("data-local")) return false;
      return !(address.pathname === root.location.pathname && address.hash);
    }
    return target.tagName === "FORM" && !target.classList.contains("tap");
  }

  function sayWaits(target) {
    var where = target.closest("form, p, li, td, th, summary") || target;
    var section = where.closest("section, details, footer, form");
    var note = document.getElementById("needs-connection") || document.createElement("p");
    note.id = "needs-connection";
    note.className = "flash flash-info";
    note.setAttribute("role", "status");
    note.textContent = _("Sin conexión: esto necesita el servidor. Vuelve a tocarlo cuando vuelva la conexión.");
    if (section && section.tagName === "SECTION") {
      var heading = section.querySelector("h2");
      if (heading) heading.after(note); else section.prepend(note);
    } else {
      (target.tagName === "FORM" ? target : where).after(note);
    }
    root.clearTimeout(note.timer);
    note.timer = root.setTimeout(function () { note.remove(); }, 8000);
  }

  // The server answered a moment ago and nothing has failed since: a link or a form goes as on any page.
  function serverAnswers() {
    return navigator.onLine && !outbox.failed && Date.now() - lastAnswer < FRESH;
  }

  // Follow the link (send the form) only when the server answers: never the browser's error page. `go` is called
  // later, once the server has answered (a form cannot be sent again from inside its own submit event).
  function whenServerAnswers(target, go) {
    if (!navigator.onLine || outbox.failed) { sayWaits(target); return; }
    var stop = root.AbortController ? new AbortController() : null;
    var patience = root.setTimeout(function () { if (stop) stop.abort(); }, 3000);
    fetch(setup.card_url, { method: "GET", credentials: "same-origin", cache: "no-store", signal: stop ? stop.signal : undefined })
      .then(function (response) {
        root.clearTimeout(patience);
        if (response.status >= 500) throw new Error("no answer");
        lastAnswer = Date.now();
        go();
      })
      .catch(function () { root.clearTimeout(patience); sayWaits(target); });
  }

  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
        link.target || !needsServer(link) || serverAnswers()) return;
    event.preventDefault();
    whenServerAnswers(link, function () { root.location.href = link.href; });
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !needsServer(form)) return;
    if (form.dataset.asked === "1") { delete form.dataset.asked; return; }
    if (serverAnswers()) return;
    var button = event.submitter;
    event.preventDefault();
    event.stopImmediatePropagation();
    whenServerAnswers(form, function () {
      form.dataset.asked = "1";
      if (form.requestSubmit) form.requestSubmit(button || undefined); else form.submit();
    });
  }, true);

  // --- start ---------------------------------------------------------------------------------------------------------

  // The page drew the card it came with: it is drawn again only when the phone knows more (taps still to send, a
  // newer card it kept).
  rebuild();
  keep();
  lastAnswer = outbox.pending() ? 0 : Date.now();
  var drawnByServer = JSON.stringify([setup.card.saved.length,
    setup.card.hand ? [setup.card.hand.plan.number, setup.card.hand.steps] : null]);
  if (signature() !== drawnByServer || (!game.hand && game.waitsForExtraHand())) draw();
  else drawnAs = drawnByServer;
  showState();
  outbox.sendSoon(0);
  if (!outbox.pending() && sheetBehind()) refreshSheet();
  // For the browser tests and the benchmark: the phone's state, and whether the page shows what the server keeps.
  root.PochaGame = {
    state: function () { return game; },
    outbox: outbox,
    settled: function () { return !outbox.pending() && !outbox.sending && !refreshing && !asking && !sheetBehind(); }
  };
})(typeof self !== "undefined" ? self : this);
