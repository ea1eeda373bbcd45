// «Ver como en papel» (games/_sheet.html): the sheet as on paper is not in the page; it is asked for (the address in
// the box's data-paper) when the box is opened, and put in place of the link to the print page. When it does not come
// (no signal) the link stays and the line beside it, hidden till then, says the sheet comes with the connection. A
// box that was open when its part was put in place again (the scorekeeper's parts, the watchers' live part) is opened
// again there, which asks for the sheet again.

function bring(box) {
  var fallback = box.querySelector("[data-paper]");
  if (!fallback || fallback.dataset.asked) return;
  fallback.dataset.asked = 1;
  fetch(fallback.dataset.paper).then(function (response) {
    if (!response.ok) throw response;
    return response.text();
  }).then(function (html) { fallback.outerHTML = html; }, function () {
    delete fallback.dataset.asked;
    fallback.firstElementChild.hidden = false;
  });
}

// A box's toggle does not bubble: it is caught on its way down.
document.addEventListener("toggle", function (event) {
  if (event.target.open && event.target.id === "hoja-papel") bring(event.target);
}, true);
