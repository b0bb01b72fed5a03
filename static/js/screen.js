// The big screen's side panel: one panel at a time (standings, latest results, each other
// round), moving on by itself every data-cycle-seconds, so a projector shows all of it and
// nobody has to scroll. A panel taller than its box scrolls slowly through while it is shown.
// Without JavaScript every panel is shown one under the other.
(function () {
  var TICK = 100; // ms between steps of the slow scroll
  var shown = 0; // kept across the htmx refreshes, so a refresh does not restart the cycle
  var elapsed = 0;

  function box() { return document.querySelector("[data-cycle]"); }

  function panels() {
    var cycle = box();
    return cycle ? Array.prototype.slice.call(cycle.querySelectorAll(":scope > [data-cycle-item]")) : [];
  }

  function duration() {
    var seconds = Number((box() || {dataset: {}}).dataset.cycleSeconds);
    return (seconds > 0 ? seconds : 12) * 1000;
  }

  function show(index) {
    var items = panels();
    if (!items.length) return;
    shown = index % items.length;
    items.forEach(function (item, i) {
      item.hidden = i !== shown;
      item.scrollTop = 0;
    });
  }

  function step() {
    var items = panels();
    if (!items.length) return;
    if (items.length !== 1 && elapsed >= duration()) {
      elapsed = 0;
      show(shown + 1);
      return;
    }
    var item = items[shown % items.length];
    var overflow = item.scrollHeight - item.clientHeight;
    if (overflow > 0) { // the first and last fifth stand still, so the ends can be read
      var part = Math.min(1, Math.max(0, (elapsed / duration() - 0.2) / 0.6));
      item.scrollTop = Math.round(part * overflow);
    }
    elapsed += TICK;
    if (items.length === 1 && elapsed >= duration()) elapsed = 0;
  }

  function start() {
    document.documentElement.classList.add("screen-cycles");
    show(shown);
    setInterval(step, TICK);
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSwap", function () { show(shown); });
})();
