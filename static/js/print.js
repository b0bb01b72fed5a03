// The "Print" buttons of the printable pages (kept out of the HTML for the CSP).
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) window.print();
});
