// «Compartir resultado» (games/_take_home.html): a link that downloads the result card, the finished game's picture
// (GET …/resultado.png). Where the phone shares files (over HTTPS or on this computer: navigator.canShare), a tap
// fetches the picture and opens the phone's share sheet with it; elsewhere (the table's plain-HTTP Wi-Fi), and
// without the script, the link downloads it.

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

// Make a tap on `link` share the picture if the phone can share files. The picture is asked for when the finger goes
// down on the link (or it is focused), not with the page: every phone that shows a final page would otherwise fetch
// it, shared or not. A picture that does not come, or a share that fails for any other reason than the player closing
// the sheet, downloads it instead, as the plain link does.
function offerShare(link) {
  if (!navigator.canShare || !navigator.share || !window.fetch || !window.File) return;
  if (!navigator.canShare({ files: [new File([""], PLAIN_NAME, { type: "image/png" })] })) return;
  var picture = null, download = false;
  function ask() {
    if (!picture) picture = fetchPicture(link).then(function (file) { if (!file) throw file; return file; });
    return picture;
  }
  function downloadInstead() {
    picture = null;
    download = true;
    link.click();
  }
  link.addEventListener("pointerdown", ask);
  link.addEventListener("focus", ask);
  link.addEventListener("click", function (event) {
    if (download) { download = false; return; }
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    ask().then(function (file) {
      return navigator.share({ files: [file], title: link.dataset.title || document.title });
    }).catch(function (error) {
      if (!error || error.name !== "AbortError") downloadInstead();
    });
  });
  link.dataset.shares = "1";
}

Array.prototype.forEach.call(document.querySelectorAll("a[data-result-card]"), offerShare);
