// Sharing (share/): the «Copiar» and «Compartir» buttons by an address to pass on. They work only with this
// script: the stylesheet shows them once the page is marked (html.js, and html.can-share where the phone shares).

if (navigator.share) document.documentElement.classList.add("can-share");

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-copy], [data-share]") : null;
  var field = button && document.getElementById(button.dataset.copy || button.dataset.share);
  if (!field) return;
  if (button.dataset.share) {
    var shared = { title: document.title, url: field.value };
    if (button.dataset.text) shared.text = button.dataset.text;
    navigator.share(shared).catch(function () {});
    return;
  }
  button.dataset.label = button.dataset.label || button.textContent;
  function copied() {
    button.textContent = button.dataset.done || button.dataset.label;
    window.setTimeout(function () { button.textContent = button.dataset.label; }, 2000);
  }
  function selectAndCopy() {
    field.select();
    try { if (document.execCommand("copy")) copied(); } catch (e) { /* the address stays selected */ }
  }
  // The clipboard API needs https or this computer; at a table on the Wi-Fi, the old way.
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(copied, selectAndCopy);
  else selectAndCopy();
}, false);
