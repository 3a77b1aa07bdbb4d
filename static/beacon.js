// Beacon's battle page. The server renders everything; this script only
// - keeps pushed steps in order (#battle-seq carries data-seq: a step already seen is dropped,
//   a gap asks the server for what was missed),
// - turns a panel form or a gesture on the board into one command message (id + expected_version),
// - lets a player drag a token (distance shown) or tap a target, using the legal actions the
//   server embedded in the panel (#legal-actions), so new kinds of action need no new code here,
// - sends a heartbeat so the server knows who is still here.
(function () {
  "use strict";

  var HEARTBEAT_MS = 20000;
  var DRAG_START = 0.3; // inches the pointer must travel before a press becomes a drag
  var SAMPLE = 0.25; // inches between recorded points of a dragged path
  var SIMPLIFY = 0.35; // inches a path may stray when it is reduced to its corners
  var MAX_POINTS = 60;

  var socket = null;
  var selected = null;
  var drag = null;

  if (window.htmx) {
    // Reconnect quickly at first, then every few seconds, so a restarted server is found soon.
    htmx.config.wsReconnectDelay = function (retry) {
      return Math.min(500 * Math.pow(2, retry), 5000) * (0.5 + Math.random() / 2);
    };
  }

  function page() { return document.querySelector(".battle-page"); }
  function svg() { return document.querySelector("#board svg"); }

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

  function legalActions() {
    var el = document.getElementById("legal-actions");
    return el ? JSON.parse(el.textContent) : [];
  }

  function actionsFor(modelId) {
    return legalActions().filter(function (a) {
      return a.group === modelId || (a.command && a.command.model === modelId);
    });
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
    if (stepper) {
      var input = stepper.parentNode.querySelector("input[type=number]");
      var next = (parseInt(input.value, 10) || 0) + parseInt(stepper.getAttribute("data-step"), 10);
      input.value = Math.max(parseInt(input.min, 10), Math.min(parseInt(input.max, 10), next));
      return;
    }
    var note = evt.target.closest(".flash.error");
    if (note) { note.textContent = ""; note.className = "flash"; }
  });

  // Opening a model's actions in the panel selects it on the board, and the other way round.
  // (A click, not the toggle event: groups the server renders open fire toggle too.)
  document.addEventListener("click", function (evt) {
    var summary = evt.target.closest ? evt.target.closest("details[data-group] > summary") : null;
    if (summary && !summary.parentNode.open) { select(summary.parentNode.getAttribute("data-group")); }
  });

  function select(modelId) {
    selected = modelId;
    showSelection();
  }

  function showSelection() {
    document.querySelectorAll("#board .token.selected").forEach(function (t) { t.classList.remove("selected"); });
    document.querySelectorAll("details[data-group]").forEach(function (d) {
      var mine = d.getAttribute("data-group") === selected;
      if (mine && !d.open) { d.open = true; }
    });
    if (!selected) { return; }
    var token = tokenById(selected);
    if (token) { token.classList.add("selected"); }
  }

  // ---- the board ----------------------------------------------------------------------------

  function tokenById(id) { return document.querySelector('#board .token[data-model="' + id + '"]'); }

  function tokenInfo(el) {
    return {
      id: el.getAttribute("data-model"),
      side: el.getAttribute("data-side"),
      name: el.getAttribute("data-name"),
      x: parseFloat(el.getAttribute("data-x")),
      y: parseFloat(el.getAttribute("data-y")),
      r: parseFloat(el.getAttribute("data-r")),
      el: el
    };
  }

  function allTokens() {
    return Array.prototype.map.call(document.querySelectorAll("#board .token"), tokenInfo);
  }

  function boardPoint(evt) {
    var s = svg();
    var p = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(s.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  function dist(a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); }

  function pathLength(points) {
    var total = 0;
    for (var i = 1; i < points.length; i++) { total += dist(points[i - 1], points[i]); }
    return total;
  }

  // The Move a path uses, as the referee counts it: each inch inside difficult terrain costs two.
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
      var a = points[i - 1], b = points[i], length = dist(a, b);
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

  function segmentDistance(p, a, b) {
    var dx = b[0] - a[0], dy = b[1] - a[1], len = dx * dx + dy * dy;
    var t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
    return dist(p, [a[0] + t * dx, a[1] + t * dy]);
  }

  // Ramer-Douglas-Peucker: keep the corners of a hand-drawn path, drop the wobble.
  function simplify(points) {
    if (points.length < 3) { return points; }
    var worst = 0, index = 0, last = points.length - 1;
    for (var i = 1; i < last; i++) {
      var d = segmentDistance(points[i], points[0], points[last]);
      if (d > worst) { worst = d; index = i; }
    }
    if (worst <= SIMPLIFY) { return [points[0], points[last]]; }
    return simplify(points.slice(0, index + 1)).slice(0, -1).concat(simplify(points.slice(index)));
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

  // Fill every parameter of `action` from the gesture; null if something is left to choose.
  function buildCommand(action, mover, target, points) {
    var command = Object.assign({}, action.command);
    var names = Object.keys(action.params || {});
    for (var i = 0; i < names.length; i++) {
      var name = names[i], spec = action.params[name];
      if (spec.type === "path") {
        var path = points || [[mover.x, mover.y], target ? contactPoint(mover, target, [mover.x, mover.y]) : null];
        if (!path[path.length - 1]) { return null; }
        if (target) { path[path.length - 1] = contactPoint(mover, target, path[path.length - 2] || [mover.x, mover.y]); }
        command[name] = path.slice(1).map(round);
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

  function act(mover, target, points) {
    var candidates = gestureActions(mover, target, !!points);
    var commands = candidates.map(function (a) { return buildCommand(a, mover, target, points); })
      .filter(function (c) { return c; });
    if (commands.length === 1) { return sendCommand(commands[0]); }
    if (candidates.length > 1 || (candidates.length === 1 && !commands.length)) {
      offerInPanel(mover.id, target);
      return false;
    }
    if (target) {
      flash(mover.name + " cannot target " + target.name + " now.");
    } else if (points) {
      flash(mover.name + " cannot be moved now.");
    }
    return false;
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

  function overlay() {
    var s = svg();
    var g = s.querySelector("g.drag-overlay");
    if (!g) {
      g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("class", "drag-overlay");
      s.appendChild(g);
    }
    return g;
  }

  function svgEl(name, attrs, text) {
    var el = document.createElementNS("http://www.w3.org/2000/svg", name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    if (text) { el.textContent = text; }
    return el;
  }

  function maxLength(mover) {
    var most = 0;
    actionsFor(mover.id).forEach(function (a) {
      paramsOfType(a, "path").forEach(function (n) { most = Math.max(most, a.params[n].max_length || 0); });
    });
    return most;
  }

  function targetAt(point, mover) {
    var best = null;
    allTokens().forEach(function (t) {
      if (t.id === mover.id || t.side === mover.side) { return; }
      var d = dist(point, [t.x, t.y]);
      if (d <= t.r + mover.r && (!best || d < best.d)) { best = { token: t, d: d }; }
    });
    return best && best.token;
  }

  function drawDrag() {
    var g = overlay();
    while (g.firstChild) { g.removeChild(g.firstChild); }
    var pts = drag.points.concat([drag.here]);
    var length = pathCost(pts);
    var most = drag.max;
    var over = most && length > most + 1e-6;
    g.appendChild(svgEl("polyline", {
      class: "drag-path" + (over ? " too-far" : ""),
      points: pts.map(function (p) { return p[0] + "," + p[1]; }).join(" ")
    }));
    var label = most ? length.toFixed(1) + '" of ' + most + '"' : "";
    var target = targetAt(drag.here, drag.mover);
    if (target) {
      label += (label ? " · " : "") + "onto " + target.name;
    } else {
      var nearest = null;
      allTokens().forEach(function (t) {
        if (t.side === drag.mover.side) { return; }
        var gap = dist(drag.here, [t.x, t.y]) - t.r - drag.mover.r;
        if (!nearest || gap < nearest.gap) { nearest = { gap: gap, name: t.name }; }
      });
      if (nearest && nearest.gap < 6) { label += (label ? " · " : "") + Math.max(0, nearest.gap).toFixed(1) + '" to ' + nearest.name; }
    }
    var text = svgEl("text", { class: "drag-label", x: drag.here[0], y: drag.here[1] - drag.mover.r - 0.6, "data-testid": "drag-distance" }, label);
    g.appendChild(text);
    drag.mover.el.setAttribute("transform", "translate(" + drag.here[0] + " " + drag.here[1] + ")");
  }

  function endDrag(keepToken) {
    if (!drag) { return; }
    var s = svg();
    var g = s && s.querySelector("g.drag-overlay");
    if (g) { g.parentNode.removeChild(g); }
    if (!keepToken && drag.mover.el.isConnected) {
      drag.mover.el.setAttribute("transform", "translate(" + drag.mover.x + " " + drag.mover.y + ")");
    }
    drag.mover.el.classList.remove("dragging");
    drag = null;
  }

  var moved = null; // the token left where it was dropped until the server answers

  document.addEventListener("pointerdown", function (evt) {
    var el = evt.target.closest ? evt.target.closest("#board .token") : null;
    if (!el || evt.button > 0) { return; }
    var info = tokenInfo(el);
    var start = boardPoint(evt);
    drag = { mover: info, start: start, here: start, points: [[info.x, info.y]], dragging: false, pointer: evt.pointerId, max: 0 };
    if (actionsFor(info.id).length) {
      el.setPointerCapture(evt.pointerId);
      evt.preventDefault();
    }
  });

  document.addEventListener("pointermove", function (evt) {
    if (!drag || evt.pointerId !== drag.pointer) { return; }
    if (!drag.mover.el.isConnected) { endDrag(false); return; }
    var here = boardPoint(evt);
    var offset = [drag.mover.x - drag.start[0], drag.mover.y - drag.start[1]];
    here = [here[0] + offset[0], here[1] + offset[1]];
    if (!drag.dragging) {
      if (dist(here, [drag.mover.x, drag.mover.y]) < DRAG_START || !actionsFor(drag.mover.id).length) { return; }
      drag.dragging = true;
      drag.max = maxLength(drag.mover);
      drag.mover.el.classList.add("dragging");
      select(drag.mover.id);
    }
    drag.here = here;
    if (dist(here, drag.points[drag.points.length - 1]) >= SAMPLE) { drag.points.push(here); }
    drawDrag();
  });

  document.addEventListener("pointerup", function (evt) {
    if (!drag || evt.pointerId !== drag.pointer) { return; }
    var current = drag;
    if (!current.dragging) {
      endDrag(false);
      tap(current.mover);
      return;
    }
    var points = simplify(current.points.concat([current.here]));
    if (points.length > MAX_POINTS) { points = [points[0]].concat(points.slice(-(MAX_POINTS - 1))); }
    var target = targetAt(current.here, current.mover);
    var sent = act(current.mover, target, points);
    moved = sent ? current.mover : null;
    endDrag(sent);
  });

  document.addEventListener("pointercancel", function () { endDrag(false); });

  function tap(token) {
    var mine = actionsFor(token.id).length > 0;
    if (mine) {
      select(selected === token.id ? null : token.id);
      return;
    }
    var mover = selected && tokenById(selected);
    if (mover && token.side !== mover.getAttribute("data-side")) {
      act(tokenInfo(mover), token, null);
    }
  }

  // ---- the socket ---------------------------------------------------------------------------

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

  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var message = evt.detail.message;
    if (message.indexOf('id="battle-seq"') >= 0 || message.indexOf('id="flash"') >= 0) { setBusy(false); }
    if (moved && message.indexOf("flash error") >= 0 && moved.el.isConnected) {
      moved.el.setAttribute("transform", "translate(" + moved.x + " " + moved.y + ")");
    }
    if (message.indexOf('id="battle-seq"') >= 0) { moved = null; }
    if (selected && !actionsFor(selected).length) { selected = null; }
    showSelection();
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
