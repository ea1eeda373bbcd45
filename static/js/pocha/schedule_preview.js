// The new-game form's schedule (games/new.html, #calendario) follows every change of preset, option or name at once:
// the form's values go to the server (games/preview.py), whose engine sends the schedule part back. Without the
// script, «Ver calendario» does the same through a page.

var timer = 0;
var asked = 0;

function refresh(form, part) {
  var values = new URLSearchParams();
  new FormData(form).forEach(function (value, name) {
    if (name !== "csrf_token" && name !== "action" && typeof value === "string") values.append(name, value);
  });
  var ask = ++asked;
  fetch(part.dataset.preview + "?" + values.toString(), {
    credentials: "same-origin",
    headers: { Accept: "application/json" }
  }).then(function (response) {
    return response.ok ? response.json() : null;
  }).then(function (answer) {
    if (!answer || ask !== asked) return; // a later change already asked again
    part.innerHTML = answer.html;
    part.dataset.hands = String(answer.hands);
  }).catch(function () {}); // no signal: the schedule shown stays until the next change
}

function changed(event) {
  var control = event.target;
  var part = document.getElementById("calendario");
  var form = control instanceof Element ? control.closest("form.new-game") : null;
  if (!part || !form || !window.fetch || !(control.matches("select, input"))) return;
  window.clearTimeout(timer);
  timer = window.setTimeout(function () { refresh(form, part); }, event.type === "change" ? 0 : 250);
}
document.addEventListener("change", changed, false);
document.addEventListener("input", changed, false);
