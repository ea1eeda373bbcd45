// The strip (#resumen) and the hand panel (#mano) drawn from the phone's state, in place of the server's, with a
// refused tap's message where the eye is; the forms of the panel kept current; the page's «guardada» messages.
import { panel, strip } from "../hand_panel.js";
import { gettext as _ } from "../phone_texts.js";
import { phoneReady } from "./needs_server.js";
import { drawSheetNote } from "./sheet.js";
import { signature } from "./state.js";

var SETTLE = 250; // ms freshly drawn buttons ignore touches: a double tap's second half lands on nothing

function view(table) {
  var base = table.base, game = table.game;
  return {
    hand: game.hand, names: base.players, totals: game.sheet.totals, rules: base.rules, scheduled: base.schedule.length,
    urls: table.page.urls || {}, csrf: table.csrf, version: base.version
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

// A refused tap's message, brought into view and given the focus (read out: role=alert).
function showRefusal() {
  var message = document.getElementById("tap-error");
  if (!message) return;
  var box = message.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) message.scrollIntoView({ block: "center" });
  message.focus({ preventScroll: true });
}

// Draw the strip and the hand panel from the phone's state (`refusal`: a refused tap's message and its place).
export function draw(table, refusal) {
  var game = table.game, base = table.base;
  var main = document.getElementById("main");
  var title = main && main.querySelector("h1");
  if (!title) return;
  var drawnStrip = put("resumen", strip(game.sheet, base.players, table.page.strip_names || base.players), title);
  var html = game.hand ? panel(view(table), refusal || null) : "";
  var drawnPanel = put("mano", html, drawnStrip || title);
  if (drawnPanel) {
    drawnPanel.classList.add("settling");
    window.setTimeout(function () { drawnPanel.classList.remove("settling"); }, SETTLE);
  }
  // Over on the phone before the server's parts say so: la revancha offered as the server offers it.
  if (!game.hand && !document.getElementById("revancha") && table.page.made) {
    put("revancha", '<section class="rematch-offer" id="revancha"><a class="button button-big" href="' +
      window.location.pathname + '/revancha" data-phone></a></section>', drawnStrip || title).firstChild.textContent = _("Revancha");
  }
  phoneReady(table);
  table.drawnAs = signature(game);
  drawSheetNote(table);
  document.body.dataset.drawn = String(+(document.body.dataset.drawn || 0) + 1);
  if (refusal) showRefusal();
}

// The phone's state drawn again only where it changed; else the forms of the panel as drawn are given the version
// and the form token the page knows now (they count only for a form sent without the script; the panel is not
// drawn again for them: no touch is lost to it).
export function redraw(table) {
  if (signature(table.game) !== table.drawnAs) draw(table);
  else freshenForms(table);
}

export function freshenForms(table) {
  var drawnPanel = document.getElementById("mano");
  if (!drawnPanel) return;
  drawnPanel.querySelectorAll("input[name=version]").forEach(function (input) { input.value = String(table.base.version); });
  drawnPanel.querySelectorAll("input[name=csrf_token]").forEach(function (input) { input.value = table.csrf; });
}

// The page's messages above its title (the «Mano 5 guardada.» a save gives), or none.
export function flash(texts) {
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
