// Table entry without a network (the seat's scoresheet page).
// - Every field typed is kept on this phone (localStorage, per page) and comes back after
//   a reload, until the server holds the table's result.
// - A submit, confirm or dispute made offline waits on the phone and is sent as soon as
//   the network is back (the server checks it again; the same record sent twice is stored
//   once, a different one opens a dispute).
// - Each entry carries a key made here when it is sent first (`entry_key`), kept until the
//   entry changes: a send repeated after a dropped network is answered with what the first
//   one did, never done twice (tournaments/services/entry_keys.py).
// - The service worker (/seat/sw.js) keeps the page and its files, so a reload works
//   offline too.
(function () {
  var form = document.getElementById("scoresheet-form");
  var state = document.getElementById("entry-state");
  if (!form || !state) return;
  var draftKey = "seat-draft:" + location.pathname;
  var queueKey = "seat-queue:" + location.pathname;
  var entryKeyKey = "seat-key:" + location.pathname;
  var note = document.getElementById("offline-note");

  function say(text) {
    if (!note) return;
    note.textContent = text;
    note.hidden = !text;
  }

  function fields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name && el.name !== "csrfmiddlewaretoken" && el.name !== "entry_key" &&
        el.type !== "submit";
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

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  // The key of the entry as it stands, one per button (submit, confirm, dispute); typing
  // makes it another entry with keys of its own.
  function entryKey(action) {
    var keys = JSON.parse(localStorage.getItem(entryKeyKey) || "{}");
    if (!keys[action]) {
      keys[action] = newKey();
      localStorage.setItem(entryKeyKey, JSON.stringify(keys));
    }
    var field = form.querySelector("input[name=entry_key]");
    if (!field) {
      field = document.createElement("input");
      field.type = "hidden";
      field.name = "entry_key";
      form.appendChild(field);
    }
    field.value = keys[action];
  }

  function entryChanged(event) {
    if (event.isTrusted) localStorage.removeItem(entryKeyKey);  // not the restored draft
    saveDraft();
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

  form.addEventListener("input", entryChanged);
  form.addEventListener("change", entryChanged);
  form.addEventListener("submit", function (event) {
    entryKey(event.submitter ? event.submitter.value : "submit");
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
    localStorage.removeItem(entryKeyKey);
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
