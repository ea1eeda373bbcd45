// Links and forms that need the server (another page, the corrections, leaving the game...): followed (sent) at
// once while the server answers, else only once it has answered, never to the browser's error page; without a
// connection, a word says so by what was tapped.
import { fetchShell, openShell } from "../made_shell.js";
import { gettext as _ } from "../phone_texts.js";
import { askServer } from "../server_answers.js";

var FRESH = 15000; // ms after an answer from the server during which a link is followed without asking first

// Whether following `target` (a link or a form) needs the server: not the hand panel's taps, not a link within
// the page or one marked data-local.
export function needsServer(target) {
  if (target.tagName === "A") {
    var address = new URL(target.href, window.location.href);
    if (address.origin !== window.location.origin || target.hasAttribute("data-local")) return false;
    return !(address.pathname === window.location.pathname && address.hash);
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
  window.clearTimeout(note.timer);
  note.timer = window.setTimeout(function () { note.remove(); }, 8000);
}

// The server answered a moment ago and nothing has failed since: a link or a form goes as on any page.
function serverAnswers(table) {
  return navigator.onLine && !table.outbox.failed && Date.now() - table.lastAnswer < FRESH;
}

// Follow the link (send the form) only when the server answers. `go` is called later, once the server has answered
// (a form cannot be sent again from inside its own submit event); else `alone`, if given, does without the server
// (true when it could), or a word says it waits.
function whenServerAnswers(table, target, go, alone) {
  function without() { if (!(alone && alone())) sayWaits(target); }
  if (!navigator.onLine || table.outbox.failed) { without(); return; }
  askServer(table.setup.card_url).then(function () {
    table.lastAnswer = Date.now();
    go();
  }, without);
}

// A click on `link`, a link that needs the server (a plain left click, not to another window).
export function linkClicked(table, event, link) {
  // La revancha (data-phone) is asked every time: a server that died is not a dead end there (made on the phone).
  var phone = link.hasAttribute("data-phone");
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey ||
      link.target || (serverAnswers(table) && !phone)) return;
  event.preventDefault();
  whenServerAnswers(table, link, function () { window.location.href = link.href; },
    phone && function () { return openShell(link.href); });
}

// La revancha of a game over (games/_rematch_offer.html, or drawn by the phone: drawing.js) is made on the phone when
// the server does not answer, in the page a game made on this phone is drawn in: asked for ahead from the game's
// last scheduled hand, while the server answers.
export function phoneReady(table) {
  var hand = table.game.hand, made = table.page.made;
  if (made && (!hand || hand.plan.number >= table.base.schedule.length)) fetchShell(made);
}

// `form`, a form that needs the server, being sent.
export function formSent(table, event, form) {
  if (form.dataset.asked === "1") { delete form.dataset.asked; return; }
  if (serverAnswers(table)) return;
  var button = event.submitter;
  event.preventDefault();
  event.stopImmediatePropagation();
  whenServerAnswers(table, form, function () {
    form.dataset.asked = "1";
    if (form.requestSubmit) form.requestSubmit(button || undefined); else form.submit();
  });
}
