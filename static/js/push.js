// Web Push for the player's mail settings page: subscribe this browser (service worker
// push-sw.js plus the server's VAPID key), or take it off. No library: the browser's own
// Push API. Buttons carry data-push="on" / data-push="off"; #push-state says what happened.
(function () {
  "use strict";
  const state = document.getElementById("push-state");
  const csrf = (document.cookie.match(/(?:^|; )csrftoken=([^;]+)/) || [])[1] || "";
  const say = (text) => { if (state) state.textContent = text; };

  function keyBytes(base64url) {
    const padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  async function post(url, body) {
    const answer = await fetch(url, {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrf},
      body: JSON.stringify(body)});
    if (!answer.ok) throw new Error(JSON.stringify(await answer.json()));
  }

  async function subscribe(button) {
    const key = await (await fetch(button.dataset.keyUrl, {credentials: "same-origin"})).json();
    if (!key.enabled) { say(button.dataset.off); return; }
    if (await Notification.requestPermission() !== "granted") { say(button.dataset.denied); return; }
    const registration = await navigator.serviceWorker.register(button.dataset.worker);
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe(
      {userVisibleOnly: true, applicationServerKey: keyBytes(key.public_key)});
    await post(button.dataset.url, subscription.toJSON());
    say(button.dataset.done);
  }

  async function unsubscribe(button) {
    const registration = await navigator.serviceWorker.getRegistration(button.dataset.worker);
    const subscription = registration && await registration.pushManager.getSubscription();
    if (subscription) {
      await post(button.dataset.url, {endpoint: subscription.endpoint});
      await subscription.unsubscribe();
    }
    say(button.dataset.done);
  }

  const supported = "serviceWorker" in navigator && "PushManager" in window &&
    "Notification" in window;
  const unsupported = document.getElementById("push-unsupported");
  if (!supported && unsupported) unsupported.hidden = false;
  document.querySelectorAll("[data-push]").forEach((button) => {
    if (!supported) {
      button.disabled = true;
      return;
    }
    button.addEventListener("click", () => {
      const act = button.dataset.push === "on" ? subscribe : unsubscribe;
      act(button).catch((error) => say(button.dataset.failed + " " + error.message));
    });
  });
})();
