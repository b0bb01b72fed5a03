// An online table's seat (or spectators') page: moves are posted without a reload, and
// other seats' moves arrive as news.
// - News is a version number only (server-sent events from data-events; a long poll on
//   data-wait where EventSource is missing or keeps failing). On news the page asks the
//   server for its own part again (data-part): an event never carries a card.
// - A move is the form's button, posted with the version it was made against; the server
//   answers with the fresh part (or the refusal: a stale version, an illegal card).
// - Keys: arrows move between the cards and choices, Enter/Space plays, 1-9 press a choice.
(function () {
  var root = document.getElementById("online-seat");
  if (!root) return;
  var live = document.getElementById("online-live");
  var version = parseInt(root.dataset.version, 10) || 0;
  var loading = false, again = false, failures = 0, source = null, clockTimer = null;
  var refreshFailures = 0, heard = version;

  function state() { return root.querySelector(".online-state"); }

  function say(text) {
    if (!live) return;
    live.textContent = "";
    window.setTimeout(function () { live.textContent = text; }, 30);
  }

  function buttons() {
    return Array.prototype.slice.call(root.querySelectorAll("button[data-action]"));
  }

  function focusAction(action) {
    var all = buttons();
    for (var i = 0; i < all.length; i++) {
      if (all[i].dataset.action === action) { all[i].focus(); return true; }
    }
    return false;
  }

  function shown(element) { return element ? parseInt(element.dataset.version, 10) || 0 : 0; }

  function swap(html) {
    var box = document.createElement("div");
    box.innerHTML = html;
    // A move's answer can arrive after the news of later moves (the bots after it) was
    // drawn already: never draw an older table over a newer one.
    if (state() && box.querySelector(".online-state") &&
        shown(box.querySelector(".online-state")) < shown(state())) {
      buttons().forEach(function (b) { b.disabled = false; });
      return;
    }
    var focused = document.activeElement && root.contains(document.activeElement)
      ? document.activeElement.dataset.action : null;
    var wasTurn = state() && state().dataset.yourTurn === "1";
    root.innerHTML = html;
    var now = state();
    if (!now) return;
    if (shown(now) < heard) refresh();  // news of a later version came meanwhile
    version = Math.max(version, shown(now));
    root.dataset.version = String(version);
    var turn = now.dataset.yourTurn === "1";
    if (turn && !wasTurn) {
      say(root.dataset.yourTurnText);
      var first = root.querySelector("button.playable, button.choice");
      if (first && (!focused || !focusAction(focused))) first.focus();
    } else if (focused) {
      focusAction(focused);
    }
    var error = root.querySelector("#online-error");
    if (error) say(error.textContent);
    startClock();
    if (now.dataset.status === "finished" && source) { source.close(); source = null; }
  }

  function refresh() {
    if (loading) { again = true; return; }
    loading = true;
    fetch(root.dataset.part, {credentials: "same-origin", headers: {"X-Requested-With": "fetch"}})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) { refreshFailures = 0; swap(html); })
      .catch(function () {
        // The last news may be the last there is (a finished match): try again ourselves.
        refreshFailures += 1;
        window.setTimeout(refresh, Math.min(30000, 1000 * refreshFailures));
      })
      .then(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  function news(v) {
    heard = Math.max(heard, v);
    if (v > version) refresh();
  }

  // --- posting a move -------------------------------------------------------------------
  root.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    if (!button || !button.dataset.action) return;
    event.preventDefault();
    var data = new FormData(form);
    data.set("action", button.dataset.action);
    buttons().forEach(function (b) { b.disabled = true; });
    // form.action would be the buttons named "action": read the attribute
    fetch(form.getAttribute("action"), {method: "POST", body: data, credentials: "same-origin",
                        headers: {"X-Requested-With": "fetch"}})
      .then(function (r) { return r.text(); })
      .then(swap)
      .catch(function () {
        buttons().forEach(function (b) { b.disabled = false; });
        say(root.dataset.lostText);
      });
  });

  // --- keys -----------------------------------------------------------------------------
  root.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var all = buttons().filter(function (b) { return !b.disabled; });
    if (!all.length) return;
    var at = all.indexOf(document.activeElement);
    if (event.key === "ArrowRight" || event.key === "ArrowDown" ||
        event.key === "ArrowLeft" || event.key === "ArrowUp") {
      var step = (event.key === "ArrowRight" || event.key === "ArrowDown") ? 1 : -1;
      if (document.dir === "rtl" && (event.key === "ArrowRight" || event.key === "ArrowLeft")) step = -step;
      all[(at + step + all.length) % all.length].focus();
      event.preventDefault();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var tag = (event.target && event.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    if (!/^[1-9]$/.test(event.key)) return;
    var choices = root.querySelectorAll("button.choice");
    var chosen = choices[parseInt(event.key, 10) - 1];
    if (chosen && !chosen.disabled) { event.preventDefault(); chosen.click(); }
  });

  // --- the clock ------------------------------------------------------------------------
  function startClock() {
    if (clockTimer) window.clearInterval(clockTimer);
    var clock = root.querySelector("#online-clock");
    if (!clock) return;
    var deadline = Date.parse(clock.dataset.deadline);
    if (isNaN(deadline)) return;
    function tick() {
      var left = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      var minutes = Math.floor(left / 60), seconds = left % 60;
      clock.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
    }
    tick();
    clockTimer = window.setInterval(tick, 1000);
  }

  // --- news -----------------------------------------------------------------------------
  function poll() {
    var url = root.dataset.wait + (root.dataset.wait.indexOf("?") < 0 ? "?" : "&") +
      "after=" + version;
    fetch(url, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (body) {
        failures = 0;
        if (body.version) news(body.version);
        if (body.status !== "finished") poll();
      })
      .catch(function () {
        failures += 1;
        window.setTimeout(poll, Math.min(30000, 1000 * failures));
      });
  }

  function listen() {
    if (!window.EventSource || !root.dataset.events) { poll(); return; }
    var url = root.dataset.events + (root.dataset.events.indexOf("?") < 0 ? "?" : "&") +
      "after=" + version;
    source = new EventSource(url);
    source.addEventListener("version", function (event) {
      failures = 0;
      news(parseInt(event.data, 10) || 0);
    });
    source.addEventListener("open", function () {
      if (failures) say(root.dataset.backText);
      failures = 0;
      refresh();  // a move may have come while the stream was down
    });
    source.addEventListener("error", function () {
      failures += 1;
      if (failures === 3) say(root.dataset.lostText);
      if (!source) return;
      if (failures > 5) { source.close(); source = null; poll(); return; }
      // A refused reconnection (an error page, not a stream) closes an EventSource for
      // good: open a new one after a pause.
      if (source.readyState === 2) {
        source.close();
        source = null;
        window.setTimeout(listen, Math.min(30000, 1000 * failures));
      }
    });
  }

  startClock();
  if (state() && state().dataset.status !== "finished") listen();
})();
