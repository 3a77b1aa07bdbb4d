// Beacon's battle page. The server renders everything; this script only
// - keeps pushed steps in order (#battle-seq carries data-seq: a step already seen is dropped,
//   a gap asks the server for what was missed),
// - turns a panel form, a gesture on the board or a key into one command message (id +
//   expected_version),
// - selects a piece on the board when its actions open in the panel, and the other way round,
// - keeps focus where the player was and tells a screen reader what the battle now waits for,
// - sends a heartbeat so the server knows who is still here.
// Zoom, pan, the tape, cards, previews and highlighting are board.js (BeaconBoard), shared by every
// board; each ruleset's own script moves its pieces (skirmish.js, mass.js) with what BeaconPage
// lends it: commands sent, the legal actions, the panel's chosen values, the selection.
(function () {
  "use strict";

  var B = window.BeaconBoard;
  var HEARTBEAT_MS = 20000;

  var socket = null;
  var selected = null;

  // A list's Print button (an onclick attribute is script the Content Security Policy refuses).
  document.addEventListener("click", function (evt) {
    if (evt.target.closest && evt.target.closest("[data-print]")) { window.print(); }
  });

  if (window.htmx) {
    // Reconnect quickly at first, then every few seconds, so a restarted server is found soon.
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(500 * Math.pow(2, retry), 5000) * (0.5 + Math.random() / 2);
    };
  }

  function page() { return document.querySelector(".battle-page"); }

  function currentSeq() {
    var el = document.getElementById("battle-seq");
    return el ? parseInt(el.getAttribute("data-seq"), 10) : 0;
  }

  function commandId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "c" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  function commandMessage(command) {
    return JSON.stringify({ type: "command", id: commandId(), expected_version: currentSeq(), command: command });
  }

  function setBusy(busy) {
    var el = page();
    if (el) { el.classList.toggle("busy", busy); }
  }

  // A refusal shows for FLASH_MS, or until it is dismissed or the next attempt starts (a command
  // sent, a drag begun), so it never covers the panel for long nor outlives the try it was about.
  var FLASH_MS = 8000;
  var flashTimer = null;

  function expireFlash() {
    clearTimeout(flashTimer);
    flashTimer = setTimeout(clearFlash, FLASH_MS);
  }

  function clearFlash() {
    clearTimeout(flashTimer);
    var el = document.getElementById("flash");
    if (!el || !el.classList.contains("error")) { return; }
    el.className = "flash";
    el.removeAttribute("data-testid");
    el.textContent = "";
  }

  function flash(text) {
    var el = document.getElementById("flash");
    if (!el) { return; }
    el.className = "flash error";
    el.setAttribute("data-testid", "error");
    el.textContent = text;
    expireFlash();
  }

  function sendCommand(command) {
    if (!socket) { flash("Not connected yet: try again in a moment."); return false; }
    clearFlash();
    setBusy(true);
    socket.send(commandMessage(command));
    return true;
  }

  function jsonData(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : [];
  }

  function legalActions() { return jsonData("legal-actions"); }

  function actionsFor(modelId) {
    return legalActions().filter(function (a) {
      return a.group === modelId || (a.command && a.command.model === modelId);
    });
  }

  function myDecision() {
    var panel = document.getElementById("decision-panel");
    var seat = page() && page().getAttribute("data-audience");
    return !!panel && panel.getAttribute("data-pending-side") === seat;
  }

  // An optional value (a shout, who pays) as the player set it in the panel, or its default.
  function chosenOption(action, name, fallback) {
    var forms = document.querySelectorAll("#decision-panel form[data-command]");
    var wanted = JSON.stringify(action.command);
    for (var i = 0; i < forms.length; i++) {
      if (JSON.stringify(JSON.parse(forms[i].getAttribute("data-command"))) !== wanted) { continue; }
      var field = forms[i].querySelector('select[data-param="' + name + '"]');
      if (field) { return JSON.parse(field.value); }
    }
    return fallback;
  }

  // A value set for one of a model's board gestures (a shout, who pays) holds for its others that
  // offer it: a Heroic Move offers the shout on the move and on the charge, and the drop decides
  // which of the two is sent.
  document.addEventListener("change", function (evt) {
    var field = evt.target.closest ? evt.target.closest("#decision-panel select[data-shared]") : null;
    var group = field && field.closest("form[data-group]").getAttribute("data-group");
    if (!group) { return; }
    var selector = '#decision-panel form[data-group="' + group + '"] select[data-shared][data-param="' + field.getAttribute("data-param") + '"]';
    document.querySelectorAll(selector).forEach(function (other) {
      if (Array.prototype.some.call(other.options, function (o) { return o.value === field.value; })) { other.value = field.value; }
    });
  });

  // ---- the panel: a form becomes a command -------------------------------------------------

  document.addEventListener("htmx:wsConfigSend", function (evt) {
    var form = evt.target.closest ? evt.target.closest("form[data-command]") : null;
    if (!form) { return; }
    var trigger = evt.detail.triggeringEvent;
    var command = JSON.parse(form.getAttribute("data-command"));
    try {
      new FormData(form, (trigger && trigger.submitter) || null).forEach(function (value, key) {
        if (key.indexOf("p.") === 0) { command[key.slice(2)] = JSON.parse(value); }
        if (key.indexOf("t.") === 0) { command[key.slice(2)] = value; }
      });
    } catch (err) {
      evt.preventDefault();
      flash("Please fill in every value first.");
      return;
    }
    evt.detail.messageBody = commandMessage(command);
    clearFlash();
    setBusy(true);
  });

  document.addEventListener("click", function (evt) {
    var stepper = evt.target.closest("[data-step]");
    if (stepper && stepper.parentNode.querySelector("input[type=number]")) {
      var input = stepper.parentNode.querySelector("input[type=number]");
      var next = (parseInt(input.value, 10) || 0) + parseInt(stepper.getAttribute("data-step"), 10);
      input.value = Math.max(parseInt(input.min, 10), Math.min(parseInt(input.max, 10), next));
      return;
    }
    var closer = evt.target.closest("[data-close-details]");
    if (closer) {
      var details = closer.closest("details");
      if (details) { details.open = false; details.querySelector("summary").focus(); }
      return;
    }
    if (evt.target.closest(".flash.error")) { clearFlash(); }
  });

  // Opening a model's actions in the panel selects it on the board, and the other way round.
  // The browser opens and closes the disclosure itself (click, Enter, Space, a tap); this only
  // follows it. (A click, not the toggle event: groups the server renders open fire toggle too.)
  document.addEventListener("click", function (evt) {
    var summary = evt.target.closest ? evt.target.closest("details[data-group] > summary") : null;
    if (!summary) { return; }
    var group = summary.parentNode.getAttribute("data-group");
    var opening = !summary.parentNode.open;
    if (B.piece(group)) {
      selected = opening ? group : (selected === group ? null : selected);
      showSelection(false);
    }
  });

  function select(modelId) {
    selected = modelId;
    showSelection(true);
  }

  // Mark the selected token; `openGroup` also unfolds its actions in the panel.
  function showSelection(openGroup) {
    document.querySelectorAll("#board .selected[data-model]").forEach(function (t) { t.classList.remove("selected"); });
    if (!selected) { return; }
    if (openGroup) {
      var group = document.querySelector('details[data-group="' + selected + '"]');
      if (group && !group.open) { group.open = true; }
    }
    var token = tokenById(selected);
    if (token) { token.classList.add("selected"); }
  }

  function tokenById(id) { return document.querySelector('#board [data-model="' + id + '"]'); }

  function offerInPanel(modelId, target) {
    select(modelId);
    var group = document.querySelector('details[data-group="' + modelId + '"]');
    if (!group) { return; }
    if (target) {
      var value = JSON.stringify(target.id);
      group.querySelectorAll("option, button[name^='p.']").forEach(function (el) {
        var match = el.value === value;
        if (match && el.tagName === "OPTION") { el.selected = true; }
        el.classList.toggle("suggested", match);
      });
    }
    group.scrollIntoView({ block: "nearest" });
  }

  // What a ruleset's own board script (skirmish.js, mass.js) acts with: the same command messages,
  // legal actions and values chosen in the panel, and the piece selected on the board.
  window.BeaconPage = {
    send: sendCommand,
    flash: flash,
    clearFlash: clearFlash,
    legal: legalActions,
    actionsFor: actionsFor,
    option: chosenOption,
    myDecision: myDecision,
    select: select,
    selected: function () { return selected; },
    offerInPanel: offerInPanel
  };

  // ---- focus and what a screen reader hears --------------------------------------------------

  var focusBefore = null;

  function describeFocus() {
    var el = document.activeElement;
    if (!el || el === document.body) { return null; }
    var token = el.closest("#board [data-model]");
    if (token) { return { model: token.getAttribute("data-model") }; }
    if (!el.closest("#decision-panel, #concede, #hero-cards")) { return null; }
    var form = el.closest("form[data-command]");
    var group = el.closest("details[data-group]");
    return {
      testid: el.getAttribute("data-testid"),
      text: el.textContent.trim(),
      command: form && form.getAttribute("data-command"),
      group: group && group.getAttribute("data-group")
    };
  }

  function restoreFocus(before) {
    if (!before) { return; }
    var el = document.activeElement;
    if (el && el !== document.body && document.contains(el)) { return; }
    var target = null;
    if (before.model) { target = tokenById(before.model); }
    if (!target && before.command) {
      document.querySelectorAll("#decision-panel form[data-command] button").forEach(function (b) {
        if (!target && b.closest("form").getAttribute("data-command") === before.command && b.textContent.trim() === before.text) { target = b; }
      });
    }
    if (!target && before.group) {
      var group = document.querySelector('details[data-group="' + before.group + '"] > summary');
      if (group) { target = group; }
    }
    target = target || document.getElementById("decision-heading");
    if (target) { target.focus({ preventScroll: true }); }
  }

  var announced = "";

  function announce() {
    var el = document.getElementById("announcer");
    var heading = document.getElementById("decision-heading");
    if (!el || !heading) { return; }
    var waiting = document.querySelector("#decision-panel [data-testid=waiting]");
    var text = (waiting || heading).textContent.replace(/\s+/g, " ").trim();
    if (text !== announced) {
      announced = text;
      el.textContent = text;
    }
  }

  // ---- the phone seat ------------------------------------------------------------------------

  // On a phone the decision panel is a sheet over the board (beacon.css): its handle pulls it up
  // or down a notch (a tap pulls it up one, or from the top back to the middle); each new kind of
  // decision of this seat's frames what it is about: the models that can act and their targets.
  var SHEET = ["down", "middle", "up"];
  var PULL_PX = 24;
  var phone = window.matchMedia ? window.matchMedia("(max-width: 40rem)") : { matches: false };
  var sheetPull = null;
  var FRAMED_KINDS = ["activate", "shoot"]; // decisions about models and their targets
  var decisionSeen = null; // the kind of this seat's decision when last seen ("" none, null not yet)

  function setSheet(step) {
    var el = page();
    if (!el) { return; }
    var now = SHEET.indexOf(el.getAttribute("data-sheet") || "down");
    var next = step === 0 ? (now === SHEET.length - 1 ? 1 : now + 1) : Math.max(0, Math.min(SHEET.length - 1, now + step));
    el.setAttribute("data-sheet", SHEET[next]);
  }

  document.addEventListener("pointerdown", function (evt) {
    if (evt.target.closest && evt.target.closest("[data-sheet-handle]")) {
      sheetPull = evt.clientY;
      if (evt.pointerType === "mouse") { evt.preventDefault(); } // no text selected by the pull
    }
  });
  // The pull ends where the pointer is let go. Over the panel, which scrolls, the browser may take
  // the gesture for a scroll and cancel the pointer: the mouse's or finger's own release ends it then.
  function endPull(y) {
    if (sheetPull === null) { return; }
    var dy = y - sheetPull;
    sheetPull = null;
    setSheet(Math.abs(dy) < PULL_PX ? 0 : dy < 0 ? 1 : -1);
  }
  document.addEventListener("pointerup", function (evt) { endPull(evt.clientY); });
  document.addEventListener("mouseup", function (evt) { endPull(evt.clientY); });
  document.addEventListener("touchend", function (evt) {
    if (evt.changedTouches.length) { endPull(evt.changedTouches[0].clientY); }
  });
  document.addEventListener("keydown", function (evt) {
    if ((evt.key === "Enter" || evt.key === " ") && evt.target.closest && evt.target.closest("[data-sheet-handle]")) {
      evt.preventDefault();
      setSheet(0);
    }
  });

  // Only where the ruleset's board asks for it (data-frame-decisions), for a decision that arrives
  // while the page is open and the board is not zoomed by the player: a page opened (or reloaded)
  // keeps the view it had, and so does a player who chose one.
  function frameNewDecision() {
    var panel = document.getElementById("decision-panel");
    if (!phone.matches || !panel || !document.querySelector("#board[data-frame-decisions]")) { return; }
    var decision = myDecision() ? panel.getAttribute("data-pending-kind") : "";
    var aimed = FRAMED_KINDS.indexOf(decision) >= 0 && !B.camera.zoomed();
    if (aimed && decisionSeen !== null && decision !== decisionSeen) { B.camera.frameInPlay(); }
    decisionSeen = decision;
  }

  // ---- the socket ---------------------------------------------------------------------------

  function readSeq(message) {
    var match = /id="battle-seq" data-seq="(\d+)" data-kind="(\w+)"/.exec(message);
    return match ? { seq: parseInt(match[1], 10), kind: match[2] } : null;
  }

  document.addEventListener("htmx:wsBeforeMessage", function (evt) {
    var info = readSeq(evt.detail.message);
    focusBefore = describeFocus();
    if (!info || info.kind !== "step") { return; }
    var seen = currentSeq();
    if (info.seq <= seen) {
      evt.preventDefault();
    } else if (info.seq > seen + 1) {
      evt.preventDefault();
      evt.detail.socketWrapper.send(JSON.stringify({ type: "sync", since: seen }));
    }
  });

  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var message = evt.detail.message;
    var step = message.indexOf('id="battle-seq"') >= 0;
    if (step || message.indexOf('id="flash"') >= 0) { setBusy(false); }
    if (message.indexOf("flash error") >= 0) { expireFlash(); }
    if (step) {
      B.redrawn();
      B.cards.refresh();
      B.tape.refresh();
      announce();
      frameNewDecision();
    }
    if (selected && !actionsFor(selected).length) { selected = null; }
    showSelection(false);
    restoreFocus(focusBefore);
    var log = document.getElementById("dice-log");
    if (log) { log.scrollTop = log.scrollHeight; }
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

  document.addEventListener("htmx:wsOpen", function (evt) {
    socket = evt.detail.socketWrapper;
    var el = page();
    if (el) { el.setAttribute("data-connected", "true"); }
  });

  document.addEventListener("DOMContentLoaded", frameNewDecision); // notes the decision, frames nothing

  setInterval(function () {
    var el = page();
    if (socket && el && el.getAttribute("data-connected") === "true") {
      socket.send(JSON.stringify({ type: "ping" }));
    }
  }, HEARTBEAT_MS);
})();
