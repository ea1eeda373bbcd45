// «Compartir resultado» (games/_take_home.html): a link that downloads the result card, the finished game's picture
// (GET …/resultado.png). Where the phone shares files (over HTTPS or on this computer: navigator.canShare), this
// script fetches the picture ahead and a tap opens the phone's share sheet with it; elsewhere (the table's plain-HTTP
// Wi-Fi), and without the script, the link downloads it.

var PLAIN_NAME = "pocha.png";

// The picture's file name as the server gives it (Content-Disposition's filename*), else a plain one.
function fileName(response) {
  var found = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get("Content-Disposition") || "");
  try { return found ? decodeURIComponent(found[1]) : PLAIN_NAME; } catch (e) { return PLAIN_NAME; }
}

// The picture `link` downloads, as a file to share; null when it does not come.
function fetchPicture(link) {
  return fetch(link.href, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) return null;
    return response.blob().then(function (blob) {
      return new File([blob], fileName(response), { type: blob.type || "image/png" });
    });
  });
}

// Make a tap on `link` share the picture, once fetched, if the phone can share it; a share that fails for any other
// reason than the player closing the sheet downloads it instead.
function offerShare(link) {
  if (!navigator.canShare || !navigator.share || !window.fetch || !window.File) return;
  fetchPicture(link).then(function (file) {
    if (!file || !navigator.canShare({ files: [file] })) return;
    link.addEventListener("click", function (event) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigator.share({ files: [file], title: link.dataset.title || document.title }).catch(function (error) {
        if (!error || error.name !== "AbortError") window.location.href = link.href;
      });
    });
    link.dataset.shares = "1";
  }, function () { /* no picture to share: the link downloads it */ });
}

Array.prototype.forEach.call(document.querySelectorAll("a[data-result-card]"), offerShare);
