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
    // Freshly drawn buttons ignore touches for a moment ("settling" in the stylesheet), so the
    // second half of a quick double tap cannot land on the next player's button.
    fresh.classList.add("settling");
    main.replaceWith(fresh);
    document.title = doc.title;
    window.setTimeout(function () { fresh.classList.remove("settling"); }, 250);
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
        // A saved hand: show the message and the next hand from the top, as a reload would.
        if (/\/guardar$/.test(form.action)) window.scrollTo(0, 0);
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

  // The new-game form: "Reparte primero" names the players as they are typed (the server
  // numbers seats among the names typed, blanks left out, and so does this).
  document.addEventListener("input", function (event) {
    var input = event.target;
    var select = document.getElementById("first_dealer");
    if (!select || !(input instanceof HTMLInputElement) || !/^names-\d+$/.test(input.id)) return;
    var names = Array.prototype.map.call(document.querySelectorAll("input[id^='names-']"), function (field) {
      return field.value.trim().replace(/\s+/g, " ");
    }).filter(function (name) { return name; });
    Array.prototype.forEach.call(select.options, function (option) {
      if (!/^\d+$/.test(option.value)) return;
      var unnamed = (select.dataset.unnamed || "#").replace("#", String(+option.value + 1));
      option.textContent = names[+option.value] || unnamed;
    });
  }, false);

  // Coming back to a page kept in the browser's cache: its forms can be sent again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-sending]").forEach(function (form) { delete form.dataset.sending; });
  });
})();
