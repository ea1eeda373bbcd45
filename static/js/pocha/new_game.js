// The new-game form (games/new.html): the first dealer's list names the players as they are typed, «Añadir
// jugador» opens the next row here, and a name is dragged up or down by its handle. Without the script, the
// server does each (the ↑ ↓ buttons, «Añadir jugador», «Ver calendario»).
// The names typed, as the server reads them: spaces tidied, blanks left out.

function typedNames() {
  return Array.prototype.map.call(document.querySelectorAll("input[id^='names-']"), function (field) {
    return field.value.trim().replace(/\s+/g, " ");
  }).filter(function (name) { return name; });
}

// "Reparte primero" offers only the players typed, as they are typed (the server numbers seats among the names
// typed, blanks left out, and so does this); each seat by number while no name is typed yet.
var SEATS = 8;
document.addEventListener("input", function (event) {
  var input = event.target;
  var select = document.getElementById("first_dealer");
  if (!select || !(input instanceof HTMLInputElement) || !/^names-\d+$/.test(input.id)) return;
  var names = typedNames();
  var chosen = select.value;
  Array.prototype.slice.call(select.options).forEach(function (option) {
    if (/^\d+$/.test(option.value)) option.remove();
  });
  for (var seat = 0; seat < (names.length || SEATS); seat++) {
    var unnamed = (select.dataset.unnamed || "#").replace("#", String(seat + 1));
    select.appendChild(new Option(names[seat] || unnamed, String(seat)));
  }
  select.value = chosen;
  if (select.value !== chosen) select.selectedIndex = 0; // that seat has no name any more: at random
}, false);

// «Añadir jugador» opens the next row here.
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

// A name dragged by its handle takes its new place among the rows.
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
