// Web Push for a seat (templates/battles/_seat_tools.html): "Notify this browser too" asks the
// browser's leave, subscribes it with this site's VAPID key and hands the subscription to the
// server, which then notifies this browser when the battle has waited for the seat (the e-mail
// nudge's second channel, battles/play/nudges.py). static/push-sw.js shows the notification.
(function () {
  "use strict";

  function keyBytes(base64) {
    var padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }

  function init() {
    var button = document.querySelector("[data-push-key]");
    if (!button || !("serviceWorker" in navigator) || !("PushManager" in window)) { return; }
    var status = document.querySelector("[data-push-status]");
    button.hidden = false;
    button.addEventListener("click", function () {
      var csrf = document.querySelector("[data-testid=nudge-form] [name=csrfmiddlewaretoken]");
      navigator.serviceWorker.register(button.getAttribute("data-worker"))
        .then(function (registration) {
          return registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(button.getAttribute("data-push-key"))
          });
        })
        .then(function (subscription) {
          return fetch(button.getAttribute("data-push-url"), {
            method: "POST",
            headers: { "Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : "" },
            body: JSON.stringify(subscription.toJSON()),
            credentials: "same-origin"
          });
        })
        .then(function (response) {
          status.textContent = response.ok ? "This browser will be notified." : "The server refused it.";
          if (response.ok) { button.hidden = true; }
        })
        .catch(function () { status.textContent = "This browser would not allow notifications."; });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
