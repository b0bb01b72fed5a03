// A save that failed: bring the first row at fault into view (the summary at the top
// says what is wrong; this puts the scorer's eyes on the row to fix).
document.addEventListener("DOMContentLoaded", function () {
  if (!document.getElementById("save-failed")) return;
  var row = document.querySelector("tr.hand-row:has(.row-check.bad), tr.hand-row:has(.flag.bad)");
  if (!row) return;
  row.scrollIntoView({block: "center"});
  var input = row.querySelector("td:has(.flag.bad) input") || row.querySelector("input");
  if (input) input.focus({preventScroll: true});
});
