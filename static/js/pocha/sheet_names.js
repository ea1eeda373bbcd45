// The sheet (games/_sheet.html): a whole name shown by a tap on its short form goes with the next tap anywhere,
// and only one is shown at a time.

document.addEventListener("click", function (event) {
  document.querySelectorAll("details.whole-name[open]").forEach(function (shown) {
    var summary = shown.querySelector("summary");
    if (!summary || !summary.contains(event.target)) shown.open = false;
  });
});
