// Pocha: small enhancements. Every action is a real form that works without this file.
(function () {
  "use strict";

  // A tap sends its form once: a second tap while the first is on its way is ignored.
  function busy(form) {
    if (form.dataset.sending === "1") return true;
    form.dataset.sending = "1";
    window.setTimeout(function () { delete form.dataset.sending; }, 5000);
    return false;
  }

  // The game page's taps (class "step") are sent in the background and the page is swapped
  // in place: no reload, no jump, quicker at the table. Any failure falls back to a normal submit.
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("main");
    var main = document.getElementById("main");
    if (!fresh || !main) return false;
    main.replaceWith(fresh);
    document.title = doc.title;
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (busy(form)) { event.preventDefault(); return; }
    if (!form.classList.contains("step") || !window.fetch || !window.DOMParser) return;
    event.preventDefault();
    var data = new FormData(form);
    var submitter = event.submitter;
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    fetch(form.action, { method: "POST", body: data, credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) { return response.text().then(function (text) { return { ok: response.status < 500, text: text }; }); })
      .then(function (result) {
        if (!result.ok || !swap(result.text)) throw new Error("swap");
      })
      .catch(function () {
        delete form.dataset.sending;
        if (submitter) {
          var hidden = document.createElement("input");
          hidden.type = "hidden"; hidden.name = submitter.name; hidden.value = submitter.value;
          if (submitter.name) form.appendChild(hidden);
        }
        form.classList.remove("step");
        form.submit();
      });
  }, false);

  // Coming back to a page kept in the browser's cache: its forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sending]").forEach(function (form) { delete form.dataset.sending; });
  });
})();
