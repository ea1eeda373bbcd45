// Back and Forward: a page drawn after a POST (a refused form) puts its GET address in the history in place of
// the POST (base.html, data-address), so Back, Forward and reload never offer to send the form again.

var page = document.body;
if (page && page.dataset.address && window.history && history.replaceState) {
  history.replaceState(null, "", page.dataset.address + window.location.hash);
}
