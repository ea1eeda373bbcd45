// A form is sent once: a second tap on it while the first is on its way is ignored. (The game page's taps never go
// this way: js/pocha/game/taps.js applies them on the phone and sends them from the outbox.)

function busy(form) {
  if (form.dataset.sending === "1") return true;
  form.dataset.sending = "1";
  window.setTimeout(function () { delete form.dataset.sending; }, 5000);
  return false;
}

document.addEventListener("submit", function (event) {
  var form = event.target;
  if (form instanceof HTMLFormElement && busy(form)) event.preventDefault();
}, false);

// Coming back to a page kept in the browser's cache: its forms can be sent again.
window.addEventListener("pageshow", function () {
  document.querySelectorAll("form[data-sending]").forEach(function (form) { delete form.dataset.sending; });
});
