// The «Imprimir» button of the printable sheet: shown only when script runs, it opens the print dialog.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
