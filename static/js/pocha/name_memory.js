// The new-game form's names (games/new.html): the names used before put in the next empty seat with one tap and
// kept to those that match what is being typed (accents and case aside: "maria jose" finds "María José"); Enter
// moves to the next name instead of sending a half-filled form; and a name near its longest says so as it is typed.

function plain(text) {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, " ").trim();
}
function nameBoxes(visibleOnly) {
  return Array.prototype.filter.call(document.querySelectorAll(".name-row input[id^='names-']"), function (box) {
    return !visibleOnly || !box.closest(".name-row").hidden;
  });
}
function isNameBox(element) {
  return element instanceof HTMLInputElement && /^names-\d+$/.test(element.id);
}
function changed(box) { box.dispatchEvent(new Event("input", { bubbles: true })); }

// The row after the last one shown, opened as «Añadir jugador» does (new_game.js counts the rows in #filas).
function openRow() {
  var add = document.querySelector(".add-player");
  if (!add || !document.querySelector(".name-row[hidden]")) return null;
  add.click();
  var boxes = nameBoxes(true);
  return boxes[boxes.length - 1];
}

// The suggestions: the names typed in the other boxes left out, the rest kept when they match the box being typed in.
var typingIn = null;
function showSuggestions() {
  var typed = nameBoxes(false).filter(function (box) { return box !== typingIn; }).map(function (box) {
    return plain(box.value);
  });
  var wanted = typingIn ? plain(typingIn.value) : "";
  document.querySelectorAll(".name-suggestions .chip").forEach(function (chip) {
    var key = chip.dataset.key || "";
    chip.closest("li").hidden = typed.indexOf(key) >= 0 || (wanted !== "" && key.indexOf(wanted) < 0);
  });
}

// A suggested name goes to the box being typed in when it completes what is there, else to the next empty seat.
document.addEventListener("click", function (event) {
  var chip = event.target instanceof Element ? event.target.closest(".name-suggestions .chip") : null;
  if (!chip) return;
  event.preventDefault();
  var name = chip.textContent.trim();
  var key = chip.dataset.key || "";
  var target = typingIn && typingIn.value.trim() && key.indexOf(plain(typingIn.value)) >= 0 ? typingIn : null;
  if (!target) target = nameBoxes(true).filter(function (box) { return !box.value.trim(); })[0] || openRow();
  if (!target) return;
  target.value = name;
  typingIn = null;
  changed(target);
}, false);

// The box stops at the longest name (maxlength) and says so as it nears it.
function sayLength(box) {
  var list = box.closest(".name-list");
  var most = list ? +list.dataset.max : 0;
  if (!most) return;
  var note = document.getElementById(box.id + "-limit");
  var left = most - box.value.length;
  if (left > 5) { if (note) note.hidden = true; return; }
  if (!note) {
    note = document.createElement("span");
    note.className = "name-limit";
    note.id = box.id + "-limit";
    note.setAttribute("aria-live", "polite");
    box.closest(".name-row").appendChild(note);
    box.setAttribute("aria-describedby", note.id);
  }
  note.hidden = false;
  note.textContent = left > 0 ? (list.dataset.limitNear || "#").replace("#", String(left)) : list.dataset.limitReached || "";
}

document.addEventListener("input", function (event) {
  if (!isNameBox(event.target)) return;
  if (event.isTrusted) typingIn = event.target;
  sayLength(event.target);
  showSuggestions();
}, false);
document.addEventListener("focusin", function (event) {
  if (isNameBox(event.target)) { typingIn = event.target; showSuggestions(); }
}, false);

// Enter in a name box goes to the next name (a row opened when this one holds a name), then to the dealer.
document.addEventListener("keydown", function (event) {
  if (event.key !== "Enter" || !isNameBox(event.target) || event.isComposing) return;
  event.preventDefault();
  var boxes = nameBoxes(true);
  var next = boxes[boxes.indexOf(event.target) + 1];
  if (!next && event.target.value.trim()) next = openRow();
  if (!next) next = document.getElementById("first_dealer");
  if (next) next.focus();
}, false);

if (document.querySelector(".name-suggestions")) showSuggestions();
