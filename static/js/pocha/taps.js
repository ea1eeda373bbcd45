// Taps: a form is sent once; the game page's taps are sent in the background and the page swapped in place, and
// a refused tap's message is brought into view. Any failure falls back to sending the form as it is.
(function () {
  "use strict";

  // A tap sends its form once: a second tap while the first is on its way is ignored.
  function busy(form) {
    if (form.dataset.sending === "1") return true;
    form.dataset.sending = "1";
    window.setTimeout(function () { delete form.dataset.sending; }, 5000);
    return false;
  }

  // The game page's taps (class "tap") are sent in the background and the page is swapped
  // in place: no reload, no jump, quicker at the table. Any failure falls back to a normal submit.
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("main");
    var main = document.getElementById("main");
    if (!fresh || !main) return false;
    // Freshly drawn buttons ignore touches for a moment ("settling" in the stylesheet), so the
    // second half of a quick double tap cannot land on the next player's button.
    fresh.classList.add("settling");
    main.replaceWith(fresh);
    document.title = doc.title;
    window.setTimeout(function () { fresh.classList.remove("settling"); }, 250);
    return true;
  }

  // A refused tap: the page drew its message by the buttons that sent them (games/_hand.html, with
  // the buttons as the game now is). Bring it into view and give it the focus, so it is seen where the
  // eye is and read out (role=alert), and the next tap starts clean.
  function showRefusal() {
    var message = document.getElementById("tap-error");
    if (!message) return false;
    var box = message.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) message.scrollIntoView({ block: "center" });
    message.focus({ preventScroll: true });
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (busy(form)) { event.preventDefault(); return; }
    if (!form.classList.contains("tap") || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text().then(function (text) { return { ok: response.status < 500, text: text }; }); })
      .then(function (result) {
        if (!result.ok || !swap(result.text)) throw new Error("swap");
        // A saved hand: show the message and the next hand from the top, as a reload would.
        if (!showRefusal() && /\/guardar$/.test(form.action)) window.scrollTo(0, 0);
      })
      .catch(function () {
        delete form.dataset.sending;
        if (submitter) {
          var hidden = document.createElement("input");
          hidden.type = "hidden"; hidden.name = submitter.name; hidden.value = submitter.value;
          if (submitter.name) form.appendChild(hidden);
        }
        form.classList.remove("tap");
        form.submit();
      });
  }, false);

  // Coming back to a page kept in the browser's cache: its forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sending]").forEach(function (form) { delete form.dataset.sending; });
  });
})();
