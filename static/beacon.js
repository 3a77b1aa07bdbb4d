// Beacon's battle page. The server renders everything; this script only
// - keeps pushed steps in order (#battle-seq carries data-seq: a step already seen is dropped,
//   a gap asks the server for what was missed),
// - turns a panel form, a gesture on the board or a key into one command message (id +
//   expected_version),
// - lets a player drag a token (distance shown), move it with the arrow keys, or tap a target,
//   using the legal actions the server embedded in the panel (#legal-actions), so new kinds of
//   action need no new code here; a gesture that matches none is sent as the command it means,
//   so the referee answers why not, in its own words and figures,
// - keeps focus where the player was and tells a screen reader what the battle now waits for,
// - sends a heartbeat so the server knows who is still here.
// Zoom, pan, the tape, cards and highlighting are board.js (BeaconBoard), shared by every board;
// BeaconPage lends the sending of commands to a ruleset's own board script (mass.js).
(function () {
  "use strict";

  var B = window.BeaconBoard;
  var HEARTBEAT_MS = 20000;
  var DRAG_START = 0.3; // inches the pointer must travel before a press becomes a drag
  var SAMPLE = 0.25; // inches between recorded points of a dragged path
  var SIMPLIFY = 0.35; // inches a path may stray when it is reduced to its corners
  var MAX_POINTS = 60;
  var KEY_STEP = 1; // inches an arrow key moves a model (Shift: a quarter of that)

  var socket = null;
  var selected = null;
  var drag = null;

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

  function boardNumber(name, fallback) {
    var el = document.getElementById("board");
    var value = el ? parseFloat(el.getAttribute(name)) : NaN;
    return isNaN(value) ? fallback : value;
  }

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

  function flash(text) {
    var el = document.getElementById("flash");
    if (!el) { return; }
    el.className = "flash error";
    el.setAttribute("data-testid", "error");
    el.textContent = text;
  }

  function sendCommand(command) {
    if (!socket) { flash("Not connected yet: try again in a moment."); return false; }
    setBusy(true);
    socket.send(commandMessage(command));
    return true;
  }

  function jsonData(id) {
    var el = document.getElementById(id);
    return el ? JSON.parse(el.textContent) : [];
  }

  function legalActions() { return jsonData("legal-actions"); }

  // What a ruleset's own board script (mass.js) acts with: the same command messages, legal
  // actions and values chosen in the panel.
  window.BeaconPage = { send: sendCommand, flash: flash, legal: legalActions, option: chosenOption };

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

  function paramsOfType(action, type) {
    return Object.keys(action.params || {}).filter(function (name) { return action.params[name].type === type; });
  }

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
    var note = evt.target.closest(".flash.error");
    if (note) { note.textContent = ""; note.className = "flash"; }
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
    document.querySelectorAll("#board .token.selected").forEach(function (t) { t.classList.remove("selected"); });
    if (!selected) { return; }
    if (openGroup) {
      var group = document.querySelector('details[data-group="' + selected + '"]');
      if (group && !group.open) { group.open = true; }
    }
    var token = tokenById(selected);
    if (token) { token.classList.add("selected"); }
  }

  // ---- the board ----------------------------------------------------------------------------

  function tokenById(id) { return document.querySelector('#board .token[data-model="' + id + '"]'); }

  function pathLength(points) {
    var total = 0;
    for (var i = 1; i < points.length; i++) { total += B.dist(points[i - 1], points[i]); }
    return total;
  }

  // The Move a path uses, as the referee counts it: each inch inside difficult terrain costs two.
  // (A preview while dragging; the referee measures the path again when it is sent.)
  function difficultPolygons() {
    return Array.prototype.map.call(document.querySelectorAll("#board polygon.terrain.difficult"), function (el) {
      return el.getAttribute("points").trim().split(/\s+/).map(function (pair) {
        return pair.split(",").map(parseFloat);
      });
    });
  }

  function insidePolygon(p, poly) {
    var inside = false;
    for (var i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      var a = poly[i], b = poly[j];
      if ((a[1] > p[1]) !== (b[1] > p[1]) && p[0] < a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])) {
        inside = !inside;
      }
    }
    return inside;
  }

  function pathCost(points) {
    var cost = pathLength(points), polygons = difficultPolygons(), STEPS = 40;
    for (var i = 1; i < points.length; i++) {
      var a = points[i - 1], b = points[i], length = B.dist(a, b);
      polygons.forEach(function (poly) {
        var inside = 0;
        for (var k = 0; k < STEPS; k++) {
          var t = (k + 0.5) / STEPS;
          if (insidePolygon([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], poly)) { inside += 1; }
        }
        cost += length * inside / STEPS;
      });
    }
    return cost;
  }

  function round(point) { return [Math.round(point[0] * 100) / 100, Math.round(point[1] * 100) / 100]; }

  function contactPoint(mover, target, from) {
    // Where the mover's base touches the target's, on the side it comes from.
    var dx = from[0] - target.x, dy = from[1] - target.y, len = Math.hypot(dx, dy);
    if (len < 1e-6) { dx = mover.x - target.x; dy = mover.y - target.y; len = Math.hypot(dx, dy) || 1; }
    var reach = mover.r + target.r;
    return [target.x + dx / len * reach, target.y + dy / len * reach];
  }

  function choiceTaking(action, value) {
    return paramsOfType(action, "choice").filter(function (name) {
      return action.params[name].options.some(function (o) { return o.value === value; });
    })[0];
  }

  // The odds a gesture's target carries (a charge's target: the chance to win the Duel), as the
  // panel shows them: " · Duel 69%", or "" when the referee sent none.
  function winChance(mover, target) {
    var odds = null;
    gestureActions(mover, target, true).forEach(function (a) {
      var name = choiceTaking(a, target.id);
      var option = a.params[name].options.filter(function (o) { return o.value === target.id; })[0];
      if (!odds && option && option.odds) { odds = option.odds; }
    });
    var win = odds && (odds.outcomes || []).filter(function (o) { return / wins the Duel$/.test(o.label); })[0];
    return win ? " · Duel " + percent(win.exact ? win.exact.num / win.exact.den : win.p, win.exact) : "";
  }

  // A chance as the server writes it (rules_core.chance.percent): 100% and 0% only when certain.
  function percent(p, exact) {
    if (exact ? exact.num === exact.den : p >= 1) { return "100%"; }
    if (exact ? exact.num === 0 : p <= 0) { return "0%"; }
    if (p >= 0.995) { return ">99%"; }
    if (p < 0.005) { return "<1%"; }
    return Math.round(p * 100) + "%";
  }

  function gesturePath(mover, target, points) {
    var path = points || [[mover.x, mover.y], target ? contactPoint(mover, target, [mover.x, mover.y]) : null];
    if (!path[path.length - 1]) { return null; }
    path = path.slice();
    if (target) { path[path.length - 1] = contactPoint(mover, target, path[path.length - 2] || [mover.x, mover.y]); }
    return path.slice(1).map(round);
  }

  // Fill every parameter of `action` from the gesture; null if something is left to choose.
  function buildCommand(action, mover, target, points) {
    var command = Object.assign({}, action.command);
    var names = Object.keys(action.params || {});
    for (var i = 0; i < names.length; i++) {
      var name = names[i], spec = action.params[name];
      if (spec.type === "path") {
        var path = gesturePath(mover, target, points);
        if (!path) { return null; }
        command[name] = path;
      } else if (spec.type === "point") {
        if (!points) { return null; }
        command[name] = round(points[points.length - 1]);
      } else if (spec.type === "choice" && target && name === choiceTaking(action, target.id)) {
        command[name] = target.id;
      } else if (spec.type === "choice" && spec.options.length === 1) {
        command[name] = spec.options[0].value;
      } else if (spec.default !== undefined) {
        command[name] = chosenOption(action, name, spec.default);
      } else {
        return null;
      }
    }
    return command;
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

  function requiredChoices(action) {
    return paramsOfType(action, "choice").filter(function (name) { return action.params[name].default === undefined; });
  }

  // The actions of `mover` that a gesture could mean: aimed at `target`, or a plain move/place.
  function gestureActions(mover, target, dragged) {
    return actionsFor(mover.id).filter(function (a) {
      var onBoard = paramsOfType(a, "path").length + paramsOfType(a, "point").length > 0;
      if (target) { return choiceTaking(a, target.id) !== undefined; }
      return dragged && onBoard && requiredChoices(a).length === 0;
    });
  }

  // Carry out a gesture; true if it meant something (sent, offered in the panel, or refused).
  function act(mover, target, points) {
    var candidates = gestureActions(mover, target, !!points);
    var commands = candidates.map(function (a) { return buildCommand(a, mover, target, points); })
      .filter(function (c) { return c; });
    if (commands.length === 1) { return sendCommand(commands[0]) && "sent"; }
    if (candidates.length > 1 || (candidates.length === 1 && !commands.length)) {
      offerInPanel(mover.id, target);
      return "offered";
    }
    if (target) {
      // Aimed at an enemy it may not charge or shoot now: send what the gesture means and the
      // referee says why not, in its own figures ("Gothmog is 7.2" away; ...'s Move is 6"").
      var meant = intendedAgainst(mover, target, points);
      if (meant) { return sendCommand(meant) && "sent"; }
      if (!points) { return false; }
      flash(mover.name + " cannot target " + target.name + " now.");
      return "refused";
    }
    if (points) {
      flash(mover.name + " cannot be moved now.");
      return "refused";
    }
    return false;
  }

  // What a gesture from `mover` at an enemy means when no legal action matches it: a charge while
  // it may move, a shot in the Shoot phase; null when it means nothing now.
  function intendedAgainst(mover, target, points) {
    if (!myDecision()) { return null; }
    var panel = document.getElementById("decision-panel");
    if (actionsFor(mover.id).some(function (a) { return a.command.type === "move"; })) {
      return { type: "charge", model: mover.id, target: target.id, path: gesturePath(mover, target, points) };
    }
    if (panel.getAttribute("data-pending-kind") === "shoot" && !points) {
      return { type: "shoot", model: mover.id, target: target.id };
    }
    return null;
  }

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

  function maxLength(mover) {
    var most = 0;
    actionsFor(mover.id).forEach(function (a) {
      paramsOfType(a, "path").forEach(function (n) { most = Math.max(most, a.params[n].max_length || 0); });
    });
    return most;
  }

  // An enemy the dropped model would charge: bases touching, or within the referee's snap.
  function targetAt(point, mover) {
    var best = null, snap = boardNumber("data-charge-snap", 0);
    B.pieces().forEach(function (t) {
      if (t.id === mover.id || t.side === mover.side) { return; }
      var gap = B.dist(point, [t.x, t.y]) - t.r - mover.r;
      if (gap <= snap + 1e-6 && (!best || gap < best.gap)) { best = { token: t, gap: gap }; }
    });
    return best && best.token;
  }

  function inches(value, most, tolerance) {
    // Near the limit two decimals show which side of it a path falls.
    return (most && Math.abs(value - most) <= 0.1 + tolerance ? value.toFixed(2) : value.toFixed(1)) + '"';
  }

  function drawDrag() {
    var g = B.layer("drag-overlay");
    var pts = drag.points.concat([drag.here]);
    var length = pathCost(pts);
    var most = drag.max, tolerance = boardNumber("data-move-tolerance", 0);
    var over = most && length > most + tolerance + 1e-6;
    g.appendChild(B.el("polyline", {
      "class": "drag-path" + (over ? " too-far" : ""),
      points: pts.map(function (p) { return p[0] + "," + p[1]; }).join(" ")
    }));
    var label = most ? inches(length, most, tolerance) + " of " + most + '"' : "", aside = "";
    var target = targetAt(drag.here, drag.mover);
    if (target) {
      aside = "onto " + target.name + winChance(drag.mover, target);
    } else {
      var nearest = null;
      B.pieces().forEach(function (t) {
        if (t.side === drag.mover.side) { return; }
        var gap = B.dist(drag.here, [t.x, t.y]) - t.r - drag.mover.r;
        if (!nearest || gap < nearest.gap) { nearest = { gap: gap, name: t.name }; }
      });
      if (nearest && nearest.gap < 6) { aside = Math.max(0, nearest.gap).toFixed(1) + '" to ' + nearest.name; }
    }
    B.label(g, "drag-label", drag.here, drag.mover.r, [label, aside], "drag-distance");
    if (drag.mover.el.isConnected) {
      drag.mover.el.setAttribute("transform", "translate(" + drag.here[0] + " " + drag.here[1] + ")");
    }
  }

  function endDrag(keepToken) {
    if (!drag) { return; }
    B.clearLayer("drag-overlay");
    if (!keepToken && drag.mover.el.isConnected) {
      drag.mover.el.setAttribute("transform", "translate(" + drag.mover.x + " " + drag.mover.y + ")");
    }
    drag.mover.el.classList.remove("dragging");
    drag = null;
  }

  var moved = null; // the token left where it was dropped until the server answers

  function startDrag(info, start) {
    drag = { mover: info, start: start, here: [info.x, info.y], points: [[info.x, info.y]], dragging: false, max: 0 };
  }

  function beginDragging() {
    drag.dragging = true;
    drag.max = maxLength(drag.mover);
    drag.mover.el.classList.add("dragging");
    select(drag.mover.id);
  }

  function dropDrag() {
    var current = drag;
    var points = B.simplify(current.points.concat([current.here]), SIMPLIFY);
    if (points.length > MAX_POINTS) { points = [points[0]].concat(points.slice(-(MAX_POINTS - 1))); }
    var target = targetAt(current.here, current.mover);
    var result = act(current.mover, target, points);
    moved = result === "sent" ? current.mover : null;
    endDrag(result === "sent");
  }

  // A press on one of the player's own tokens that can act: drag it (a press that stays put is a tap).
  B.onPress(function (evt, point) {
    var el = evt.target.closest("#board .token");
    if (!el || !actionsFor(el.getAttribute("data-model")).length) { return null; }
    var info = B.pieceInfo(el);
    startDrag(info, point);
    return {
      move: function (e) {
        if (!drag || !drag.mover.el.isConnected) { endDrag(false); return; }
        var here = B.point(e);
        here = [here[0] + drag.mover.x - drag.start[0], here[1] + drag.mover.y - drag.start[1]];
        if (!drag.dragging) {
          if (B.dist(here, [drag.mover.x, drag.mover.y]) < DRAG_START) { return; }
          beginDragging();
        }
        drag.here = here;
        if (B.dist(here, drag.points[drag.points.length - 1]) >= SAMPLE) { drag.points.push(here); }
        drawDrag();
      },
      end: function (e) {
        if (!drag) { return; }
        if (!drag.dragging) {
          endDrag(false);
          B.tap(el, point);
          return;
        }
        dropDrag();
      },
      cancel: function () { endDrag(false); }
    };
  }, 10);

  // A tap: select one's own model, or aim the selected one at an enemy; else the card opens.
  B.on("tap", function (detail) {
    var token = detail.piece;
    if (!token) {
      if (selected) { select(null); }
      return false;
    }
    if (actionsFor(token.id).length) {
      select(selected === token.id && !detail.keyboard ? null : token.id);
      return false;
    }
    var mover = selected && tokenById(selected);
    if (mover && token.side !== mover.getAttribute("data-side")) {
      return !!act(B.pieceInfo(mover), token, null);
    }
    return false;
  });

  // The keyboard: Enter or Space on a token taps it; the arrow keys move one's own model (Shift:
  // finer), Enter sends the move, Escape puts it back.
  document.addEventListener("keydown", function (evt) {
    var el = evt.target.closest ? evt.target.closest("#board .token") : null;
    if (!el) { return; }
    var id = el.getAttribute("data-model");
    var arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (arrows[evt.key] && actionsFor(id).length) {
      evt.preventDefault();
      if (!drag || drag.mover.id !== id) {
        var info = B.pieceInfo(el);
        startDrag(info, [info.x, info.y]);
        beginDragging();
        drag.keyboard = true;
      }
      var step = evt.shiftKey ? KEY_STEP / 4 : KEY_STEP;
      drag.here = [drag.here[0] + arrows[evt.key][0] * step, drag.here[1] + arrows[evt.key][1] * step];
      drag.points = [[drag.mover.x, drag.mover.y]];
      drawDrag();
      return;
    }
    if (evt.key === "Escape" && drag && drag.keyboard) {
      endDrag(false);
      evt.preventDefault();
      return;
    }
    if (evt.key === "Enter" || evt.key === " ") {
      evt.preventDefault();
      if (drag && drag.keyboard && drag.mover.id === id) {
        dropDrag();
      } else {
        B.tap(el, null, true);
      }
    }
  });

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
    if (moved && message.indexOf("flash error") >= 0 && moved.el.isConnected) {
      moved.el.setAttribute("transform", "translate(" + moved.x + " " + moved.y + ")");
    }
    if (step) {
      moved = null;
      if (drag && !drag.mover.el.isConnected) { endDrag(false); }
      B.redrawn();
      B.cards.refresh();
      B.tape.refresh();
      announce();
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

  setInterval(function () {
    var el = page();
    if (socket && el && el.getAttribute("data-connected") === "true") {
      socket.send(JSON.stringify({ type: "ping" }));
    }
  }, HEARTBEAT_MS);
})();
