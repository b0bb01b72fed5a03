// Table entry without a network (the seat's scoresheet page).
// - Every field typed is kept on this phone (localStorage, per page) and comes back after
//   a reload, until the server holds the table's result.
// - A submit, confirm or dispute made offline waits on the phone and is sent as soon as
//   the network is back (the server checks it again; the same record sent twice is stored
//   once, a different one opens a dispute).
// - The service worker (/seat/sw.js) keeps the page and its files, so a reload works
//   offline too.
(function () {
  var form = document.getElementById("scoresheet-form");
  var state = document.getElementById("entry-state");
  if (!form || !state) return;
  var draftKey = "seat-draft:" + location.pathname;
  var queueKey = "seat-queue:" + location.pathname;
  var note = document.getElementById("offline-note");

  function say(text) {
    if (!note) return;
    note.textContent = text;
    note.hidden = !text;
  }

  function fields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.name !== "csrfmiddlewaretoken" && el.type !== "submit";
    });
  }

  function saveDraft() {
    var draft = {};
    fields().forEach(function (el) { if (el.value) draft[el.name] = el.value; });
    localStorage.setItem(draftKey, JSON.stringify(draft));
  }

  function restoreDraft() {
    var draft = JSON.parse(localStorage.getItem(draftKey) || "{}");
    var restored = false;
    fields().forEach(function (el) {
      if (!el.value && draft[el.name]) { el.value = draft[el.name]; restored = true; }
    });
    if (restored) form.dispatchEvent(new Event("input", {bubbles: true}));  // check them
    return restored;
  }

  function queued() { return JSON.parse(localStorage.getItem(queueKey) || "null"); }

  function send() {
    var item = queued();
    if (!item || !navigator.onLine) return;
    say(state.dataset.sending);
    fetch(item.url, {method: "POST", body: new URLSearchParams(item.body),
                     credentials: "same-origin"})
      .then(function (response) {
        if (response.status >= 500) throw new Error("server " + response.status);
        // Stored, or refused with a reason the page now shows: either way it was delivered.
        localStorage.removeItem(queueKey);
        location.reload();
      })
      .catch(function () { say(state.dataset.waiting); });
  }

  form.addEventListener("input", saveDraft);
  form.addEventListener("change", saveDraft);
  form.addEventListener("submit", function (event) {
    if (navigator.onLine) return;  // the ordinary post
    event.preventDefault();
    var body = Array.from(new FormData(form, event.submitter).entries());
    localStorage.setItem(queueKey, JSON.stringify({url: form.action, body: body}));
    say(state.dataset.waiting);
  });
  window.addEventListener("online", send);
  window.addEventListener("offline", function () { say(state.dataset.offline); });

  var restored = false;
  if (document.getElementById("entry-status")) {
    localStorage.removeItem(draftKey);  // the server holds the table's result now
  } else {
    restored = restoreDraft();
  }
  if (queued()) { if (navigator.onLine) send(); else say(state.dataset.waiting); }
  else {
    var offline = navigator.onLine ? "" : " " + state.dataset.offline;
    say((restored ? state.dataset.restored + offline : offline).trim());
  }

  if ("serviceWorker" in navigator && state.dataset.worker) {
    navigator.serviceWorker.register(state.dataset.worker).then(function () {
      // Keep this page and its files now: the first visit was not through the worker.
      var urls = [location.href].concat(
        Array.prototype.map.call(document.querySelectorAll("script[src], link[rel=stylesheet]"),
                                 function (el) { return el.src || el.href; }));
      return caches.open("seat-entry-v1").then(function (cache) { return cache.addAll(urls); });
    }).catch(function () {});
  }
})();
