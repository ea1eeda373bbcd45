// The scorekeeper's game page without waiting for the network (docs/offline.md). The page carries the game's card
// (#game-card, games/game.html); every tap of the hand panel is applied at once by the phone's copy of the rules,
// drawn, and kept in the outbox, which sends it when the server answers. This file puts the page's parts together:
// the state (state.js), the taps (taps.js), the drawing (drawing.js, sheet.js), the server's answers (sync.js),
// the chip (chip.js) and what needs the server (needs_server.js); it listens to the page's events, once each.
import { outboxChanged } from "../install_offer.js";
import { page as pageData } from "../phone_texts.js";
import { Outbox } from "../outbox.js";
import { Chip } from "./chip.js";
import { draw } from "./drawing.js";
import { formSent, linkClicked, needsServer, phoneReady } from "./needs_server.js";
import { sheetBehind } from "./sheet.js";
import { cardSignature, rebuild, signature } from "./state.js";
import { answered, askCard, refreshParts, unanswered } from "./sync.js";
import { tapOf, tapped } from "./taps.js";

// The game's card and addresses from the page, or null where this script cannot keep score (the forms post).
export function setupOf() {
  var block = document.getElementById("game-card");
  if (!block || !window.localStorage || !window.fetch) return null;
  var setup;
  try { setup = JSON.parse(block.textContent); } catch (e) { return null; }
  return setup && setup.card && setup.card.format === 1 ? setup : null;
}

// Keep score on the page from `setup` (the card and addresses; `create(outbox)` sends the creation of a game this
// phone made, game/phone_made.js).
export function start(setup) {
  // Everything the page's parts share: the card the phone starts from and its state, the outbox, the chip...
  var table = {
    setup: setup,
    page: pageData(),
    base: setup.card,
    game: null,
    csrf: setup.csrf,
    review: null, // the hand a refused tap was for, until the next tap
    lastAnswer: 0, // when the server last answered
    drawnAs: "", // what the hand panel shows (state.signature)
    cardTag: "", // the ETag of the last card asked for
    partsTag: "", // the ETag of the server's parts last put in place
    cardWanted: false,
    asking: false,
    refreshing: false,
    outbox: null,
    chip: null
  };
  var outbox = new Outbox(window.location.pathname, {
    taps: setup.taps,
    csrf: function () { return table.csrf; },
    version: function () { return table.base.version; },
    answered: function (answer, sent) { answered(table, answer, sent); },
    unanswered: function (status) { unanswered(table, status); },
    create: setup.create,
    changed: function () {
      table.chip.show(table);
      outboxChanged(outbox); // the install offer sends it first, and says while taps wait
    },
    awake: function () { askCard(table, false); }
  });
  table.outbox = outbox;

  // The card the phone starts from: the one it kept (with taps still to send, or newer than the page's: a page the
  // service worker kept), else the page's.
  if (!setup.create) outbox.creation = null; // a page the server drew: it has the game
  var kept = outbox.card;
  if (kept && kept.format === 1 && (outbox.pending() || kept.version > setup.card.version)) table.base = kept;
  else outbox.forget();

  // A tap's button, noted as the click goes by: the submit event does not say it on every browser.
  var lastButton = null;
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target : null;
    var button = target && target.closest("#mano form.tap button");
    if (button) { lastButton = button; return; }
    var link = target && target.closest("a[href]");
    if (link && needsServer(link)) linkClicked(table, event, link);
  });

  // Before any other listener (the capture phase): a tap is the phone's to apply; another form may need the server.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.classList.contains("tap") && form.closest("#mano")) {
      var tap = tapOf(form, event.submitter || lastButton, table.page.urls || {});
      lastButton = null;
      if (!tap) return; // not a tap this page knows: the form posts
      event.preventDefault();
      event.stopImmediatePropagation();
      tapped(table, tap);
    } else if (needsServer(form)) {
      formSent(table, event, form);
    }
  }, true);

  table.chip = new Chip();

  // The page drew the card it came with: it is drawn again only when the phone knows more (taps still to send, a
  // newer card it kept).
  rebuild(table);
  outbox.keep(table.base);
  table.lastAnswer = outbox.pending() ? 0 : Date.now();
  var drawnByServer = setup.create ? "" : cardSignature(setup.card); // a page the phone made has nothing drawn
  if (signature(table.game) !== drawnByServer) draw(table);
  else table.drawnAs = drawnByServer;
  phoneReady(table);
  table.chip.show(table);
  outbox.sendSoon(0);
  if (!outbox.pending() && sheetBehind(table)) refreshParts(table);
  // For the browser tests and the benchmark: the phone's state, and whether the page shows what the server keeps.
  window.PochaGame = {
    state: function () { return table.game; },
    outbox: outbox,
    settled: function () {
      return !outbox.pending() && !outbox.sending && !table.refreshing && !table.asking && !sheetBehind(table);
    }
  };
}

