// Long actions (planning seats, a search-bot table): once a form marked data-busy is sent,
// its buttons are disabled and say that the work is under way, so nobody sends it twice.
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (!form.matches("form[data-busy]")) return;
  if (form.dataset.sent) { event.preventDefault(); return; }
  form.dataset.sent = "1";
  form.setAttribute("aria-busy", "true");
  form.querySelectorAll("button[type=submit], button:not([type])").forEach(function (button) {
    // Disabled after this tick: a disabled button's own name/value would not be sent.
    setTimeout(function () {
      button.disabled = true;
      button.textContent = form.dataset.busy;
      button.classList.add("busy");
    }, 0);
  });
});
