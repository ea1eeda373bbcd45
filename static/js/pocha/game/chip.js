// The chip in the header that says where the phone stands: a hand to look at again, taps waiting without a
// connection, taps being sent, or everything saved. Seen at once; read out only when it matters (offline, back to
// saved, a hand to look at), not at every tap.
import { gettext as _, ngettext } from "../phone_texts.js";
import { drawSheetNote } from "./sheet.js";

// The chip put in the page's header; `show(table)` says the table's state on it.
export function Chip() {
  this.chip = document.createElement("p");
  this.chip.className = "sync-chip";
  this.chip.id = "estado";
  this.told = document.createElement("p");
  this.told.className = "visually-hidden";
  this.told.setAttribute("role", "status");
  var header = document.querySelector(".site-header");
  if (header) { header.appendChild(this.chip); header.appendChild(this.told); }
  document.documentElement.classList.add("keeping-score");
}

function state(table) {
  var waiting = table.outbox.pending();
  if (table.review !== null) return ["review", _("Revisa la mano %(n)s", { n: table.review })];
  if (waiting && table.outbox.failed) {
    return ["offline", ngettext("Sin conexión · %(num)s pendiente", "Sin conexión · %(num)s pendientes", waiting)];
  }
  if (waiting) return ["sending", _("Enviando…")];
  return ["saved", _("Guardado")];
}

// Taps waiting an hour or more with no answer are said so at the top of the page, with how long: until then they are
// on this phone alone, and a phone may clear what a site keeps (Safari, after days without a visit).
var HOUR = 3600000, DAY = 24 * HOUR;

Chip.prototype.showWait = function (table) {
  var oldest = table.outbox.oldest(), waited = oldest ? Date.now() - oldest : 0, note = document.getElementById("espera");
  if (!table.outbox.failed || waited < HOUR) {
    if (note) note.remove();
    return;
  }
  if (!note) {
    note = document.createElement("p");
    note.id = "espera";
    note.className = "flash flash-info";
    note.setAttribute("role", "status");
    document.querySelector("main").prepend(note);
  }
  note.textContent = _("Hay anotaciones solo en este móvil desde hace %(time)s: no borres los datos del navegador hasta que se guarden con conexión.", {
    time: waited < 2 * DAY ? ngettext("%(num)s hora", "%(num)s horas", Math.floor(waited / HOUR))
      : ngettext("%(num)s día", "%(num)s días", Math.floor(waited / DAY))
  });
};

Chip.prototype.show = function (table) {
  this.showWait(table);
  var now = state(table), chip = this.chip;
  if (chip.dataset.state !== now[0] || chip.textContent !== now[1]) {
    var was = chip.dataset.state;
    chip.dataset.state = now[0];
    chip.textContent = now[1];
    if (now[0] === "offline" && was !== "offline") this.told.textContent = now[1];
    else if (now[0] === "review" || (now[0] === "saved" && (was === "offline" || was === "review"))) this.told.textContent = now[1];
  }
  if (table.game) drawSheetNote(table);
};
