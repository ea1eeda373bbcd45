// The sheet below the hand is the server's (games/_sheet.html): while hands saved on this phone are not in it yet,
// the phone draws their rows as the server does and says the rest of the sheet (the paper view, the chart) follows.
// Once they are stored, the server's parts of the page come again from their own address (`parts_url`,
// docs/offline.md) and take the place of those on the page; the strip and the hand panel stay the phone's.
import { sheetRows as drawnRows } from "../hand_panel.js";
import { gettext as _, ngettext } from "../phone_texts.js";

// How many hands the server's sheet on the page has: rows the phone drew on top of it do not count.
function serverRows() {
  var table = document.querySelector("#hoja .sheet-compact");
  if (!table) return 0;
  var drawn = table.getAttribute("data-server-rows");
  return drawn !== null ? +drawn : table.querySelectorAll("tbody tr").length;
}

// Whether the hands the phone knows are saved are not all on the server's sheet shown.
export function sheetBehind(table) { return table.game.saved.length !== serverRows(); }

// The rows of hands saved here and not yet on the server's sheet, and the word about them.
export function drawSheetNote(table) {
  var game = table.game, outbox = table.outbox;
  var sheet = document.getElementById("hoja");
  if (!sheet) return;
  var grid = sheet.querySelector(".sheet-compact"), body = grid && grid.querySelector("tbody");
  var foot = grid && grid.querySelector("tfoot");
  var note = sheet.querySelector(".sheet-waiting");
  var missing = game.saved.length - serverRows();
  if (body && foot && (missing > 0 || grid.hasAttribute("data-server-rows"))) {
    if (!grid.hasAttribute("data-server-rows")) grid.setAttribute("data-server-rows", String(serverRows()));
    var rows = drawnRows(game.sheet, table.base.players, table.page.urls.correct || "");
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

// The server's parts of the page (`fragment`: their HTML, in #partes, games/_parts.html) put in place of those
// shown, after the title, the strip and the hand panel, which stay (and keep the focus); the boxes left open and the
// sheet's scroll kept. Gives the form token that comes with them, or null.
export function putServerParts(fragment) {
  var doc = new DOMParser().parseFromString(fragment, "text/html");
  var parts = doc.getElementById("partes"), main = document.getElementById("main");
  var title = main && main.querySelector("h1");
  if (!parts || !title) return null;
  var open = Array.prototype.map.call(main.querySelectorAll("details[id][open]"), function (box) { return box.id; });
  var scrolls = Array.prototype.map.call(main.querySelectorAll(".sheet-scroll"), function (box) { return box.scrollLeft; });
  var ours = [title, document.getElementById("resumen"), document.getElementById("mano")];
  var after = false;
  Array.prototype.slice.call(main.childNodes).forEach(function (node) {
    if (node === title) after = true;
    else if (after && ours.indexOf(node) < 0) node.remove();
  });
  Array.prototype.forEach.call(parts.querySelectorAll("#tap-error"), function (part) { part.remove(); });
  main.append.apply(main, Array.prototype.slice.call(parts.childNodes));
  open.forEach(function (id) { var box = document.getElementById(id); if (box && box.tagName === "DETAILS") box.open = true; });
  main.querySelectorAll(".sheet-scroll").forEach(function (box, i) { if (scrolls[i]) box.scrollLeft = scrolls[i]; });
  return parts.dataset.csrf || null;
}
