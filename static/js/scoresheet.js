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

// The live check never goes quiet. A change puts its row, and every later row with a
// verdict (theirs depends on the hands before), in "checking…" until the server's answer
// replaces them; when no answer comes (the network, the server, a login page instead of
// the verdict) they say "not checked", never keep an old ✓.
(function () {
  var form = document.getElementById("scoresheet-form");
  if (!form || !form.hasAttribute("hx-post")) return;

  function number(id) { return parseInt(id.split("-").pop(), 10); }

  // The state is also kept in data-waiting: while htmx settles a swapped-in verdict it
  // gives the new box the old box's class for a moment, never its data attributes.
  function show(box, state, text) {
    box.className = "row-check " + state;
    if (state === "waiting") box.dataset.waiting = "yes"; else delete box.dataset.waiting;
    var span = document.createElement("span");
    span.className = state === "unchecked" ? "unchecked" : "muted";
    span.textContent = text;
    box.replaceChildren(span);
  }

  function changed(event) {
    var row = event.target.closest && event.target.closest("tr.hand-row");
    if (!row) return;
    var from = number(row.id);
    form.querySelectorAll(".row-check").forEach(function (box) {
      var n = number(box.id);
      if (n === from || (n > from && box.textContent.trim())) {
        show(box, "waiting", form.dataset.checking);
      }
    });
  }

  function answered(event) {
    if (event.detail.elt !== form) return;
    // a request replaced by a newer one (hx-sync) is aborted: wait for the newer answer
    setTimeout(function () {
      if (form.classList.contains("htmx-request")) return;
      form.querySelectorAll(".row-check[data-waiting]").forEach(function (box) {
        show(box, "unchecked", form.dataset.unchecked);
      });
    }, 0);
  }

  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  document.body.addEventListener("htmx:afterRequest", answered);
})();
