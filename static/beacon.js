// Beacon's battle page: keeps the pushed steps in order and stamps each command.
// Every message from the server carries #battle-seq with data-seq; a step that does not follow
// the last one seen is dropped (a duplicate) or triggers a resync (a gap).
(function () {
  "use strict";

  function page() { return document.querySelector(".battle-page"); }

  function currentSeq() {
    var el = document.getElementById("battle-seq");
    return el ? parseInt(el.getAttribute("data-seq"), 10) : 0;
  }

  function commandId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "c" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  function readSeq(message) {
    var match = /id="battle-seq" data-seq="(\d+)" data-kind="(\w+)"/.exec(message);
    return match ? { seq: parseInt(match[1], 10), kind: match[2] } : null;
  }

  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var info = readSeq(evt.detail.message);
    if (!info || info.kind !== "step") { return; }
    var seen = currentSeq();
    if (info.seq <= seen) {
      evt.preventDefault();
    } else if (info.seq > seen + 1) {
      evt.preventDefault();
      evt.detail.socketWrapper.send(JSON.stringify({ type: "sync", since: seen }));
    }
  });

  document.addEventListener("htmx:wsConfigSend", function (evt) {
    evt.detail.parameters.id = commandId();
    evt.detail.parameters.expected_version = currentSeq();
    var form = evt.target && evt.target.closest ? evt.target.closest("form") : null;
    if (form) { form.querySelectorAll("button").forEach(function (b) { b.disabled = true; }); }
  });

  // The extension reconnects by itself after an abnormal close; after any other close that is
  // not a refusal by the server (4xxx), try again too, so a restarted server is picked up.
  document.addEventListener("htmx:wsClose", function (evt) {
    var code = evt.detail.event.code;
    var el = page();
    if (el) { el.setAttribute("data-connected", "false"); }
    if (code >= 4000 || [1006, 1011, 1012, 1013].indexOf(code) >= 0) { return; }
    setTimeout(function () { evt.detail.socketWrapper.reconnect(); }, 1000);
  });

  document.addEventListener("htmx:wsOpen", function () {
    var el = page();
    if (el) { el.setAttribute("data-connected", "true"); }
  });
})();
