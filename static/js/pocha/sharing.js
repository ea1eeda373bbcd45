// Sharing (share/): the «Copiar» and «Compartir» buttons by an address to pass on, and «Copiar resumen» by a finished
// game's summary (games/_chat_summary.html). They work only with this script: the stylesheet shows them once the page
// is marked (html.js, and html.can-share where the phone shares).

if (navigator.share) document.documentElement.classList.add("can-share");

document.addEventListener("click", function (event) {
  var button = event.target instanceof Element ? event.target.closest("[data-copy], [data-share]") : null;
  var field = button && document.getElementById(button.dataset.copy || button.dataset.share);
  if (!field) return;
  if (button.dataset.share) {
    // Without data-text, text is undefined: the share sheet takes it as not given.
    navigator.share({ title: document.title, url: field.value, text: button.dataset.text }).catch(function () {});
    return;
  }
  button.dataset.label = button.dataset.label || button.textContent;
  // «Copiado» for a while; or, when even the old way fails, what data-failed says (to copy it by hand), which stays.
  function copied(failed) {
    button.textContent = (failed ? button.dataset.failed : button.dataset.done) || button.dataset.label;
    if (!failed) window.setTimeout(function () { button.textContent = button.dataset.label; }, 2000);
  }
  function selectAndCopy() {
    var done;
    field.select();
    try { done = document.execCommand("copy"); } catch (e) { /* the text stays selected */ }
    copied(!done);
  }
  // The clipboard API needs https or this computer; at a table on the Wi-Fi, the old way.
  if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(field.value).then(copied, selectAndCopy);
  else selectAndCopy();
}, false);
