// The printable sheet (paper/print.html): its «Imprimir» button, shown only when the script runs, opens the print
// dialog.

document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});
