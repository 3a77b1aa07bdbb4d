// Beacon's board, whatever is fought on it: the pieces any battle page reuses.
// - BeaconBoard.camera: zoom and pan (wheel, pinch, drag on empty board, buttons), kept when the
//   server re-renders the board; it only changes the SVG's viewBox, never a distance the rules use.
// - BeaconBoard.onPress / on("tap"): one router for presses on the board, so each kind of piece
//   (skirmish tokens now, mass-battle stands later) claims the presses it wants and leaves the
//   rest to panning; a press that does not move is a tap.
// - BeaconBoard.tape: measure and check line of sight between two models or points, asking the
//   server, which answers with the referee's own geometry.
// - BeaconBoard.cards: any model's card, for players and spectators alike.
// - BeaconBoard.preview: what a move command would do, asked of the referee before it is sent
//   (the /preview/ endpoint, one for every ruleset), the latest question only.
// - BeaconBoard.simplify: a hand-drawn path reduced to its corners.
// - Links: hovering or focusing a model highlights it everywhere (board, panel, hero cards).
(function () {
  "use strict";

  var B = (window.BeaconBoard = {});
  var SVG_NS = "http://www.w3.org/2000/svg";
  var TAP_SLOP_PX = 6; // a press that moves less than this is a tap
  var MAX_ZOOM_INCHES = 3; // the narrowest view, in inches across
  var READABLE_BASE_PX = 36; // "Area in play" zooms until a 25 mm base is at least this wide
  var BASE_25MM = 25 / 25.4;

  // ---- the board and its coordinates --------------------------------------------------------

  B.svg = function () { return document.querySelector("#board svg"); };

  B.size = function () {
    var s = B.svg();
    return s ? { w: parseFloat(s.getAttribute("data-width")), h: parseFloat(s.getAttribute("data-height")) } : null;
  };

  B.point = function (evt) {
    var p = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(B.svg().getScreenCTM().inverse());
    return [p.x, p.y];
  };

  B.pxPerInch = function () {
    var s = B.svg();
    var view = B.camera.get();
    return s.getBoundingClientRect().width / view.w;
  };

  B.el = function (name, attrs, text) {
    var el = document.createElementNS(SVG_NS, name);
    // A style through the CSSOM: a style attribute is one the Content Security Policy refuses.
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "style") { el.style.cssText = attrs[k]; } else { el.setAttribute(k, attrs[k]); }
    });
    if (text) { el.textContent = text; }
    return el;
  };

  // A layer drawn over the pieces (a dragged path, the tape), emptied and returned.
  B.layer = function (name) {
    var s = B.svg();
    var g = s.querySelector("g." + name);
    if (!g) {
      g = B.el("g", { "class": name });
      s.appendChild(g);
    }
    while (g.firstChild) { g.removeChild(g.firstChild); }
    return g;
  };

  B.clearLayer = function (name) {
    var s = B.svg();
    var g = s && s.querySelector("g." + name);
    if (g) { g.parentNode.removeChild(g); }
  };

  // A size in inches that reads as about 15 CSS px at the current zoom.
  B.textSize = function () { return Math.max(0.4, Math.min(2.5, 15 / B.pxPerInch())).toFixed(2); };

  // A label in `g` above `at` (clear of a base of radius `r`), one line per entry of `lines`,
  // moved and if need be shrunk so that it stays inside the view.
  B.label = function (g, cls, at, r, lines, testid) {
    var v = B.camera.get(), size = parseFloat(B.textSize());
    var text = B.el("text", { "class": cls, x: at[0], y: 0, style: "font-size: " + size + "px; text-anchor: middle", "data-testid": testid });
    lines.filter(function (l) { return l; }).forEach(function (line, i) {
      text.appendChild(B.el("tspan", { x: at[0], dy: i ? "1.15em" : "0" }, (i ? " " : "") + line));
    });
    g.appendChild(text);
    var box = text.getBBox(), room = v.w * 0.96;
    if (box.width > room) {
      size *= room / box.width;
      text.style.fontSize = size + "px";
      box = text.getBBox();
    }
    var y = at[1] - r - size * 0.4 - (box.height - size);
    if (y - size < v.y) { y = at[1] + r + size; }
    var x = Math.max(v.x + v.w * 0.02 + box.width / 2, Math.min(v.x + v.w * 0.98 - box.width / 2, at[0]));
    text.setAttribute("y", y);
    Array.prototype.forEach.call(text.childNodes, function (t) { t.setAttribute("x", x); });
    return text;
  };

  B.dist = function (a, b) { return Math.hypot(a[0] - b[0], a[1] - b[1]); };

  // How far point p is from the segment a-b.
  var segmentDistance = (B.segmentDistance = function (p, a, b) {
    var dx = b[0] - a[0], dy = b[1] - a[1], len = dx * dx + dy * dy;
    var t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
    return B.dist(p, [a[0] + t * dx, a[1] + t * dy]);
  });

  // Ramer-Douglas-Peucker: keep the corners of a hand-drawn path (straying at most `tolerance`
  // inches), drop the wobble.
  B.simplify = function simplify(points, tolerance) {
    if (points.length < 3) { return points; }
    var worst = 0, index = 0, last = points.length - 1;
    for (var i = 1; i < last; i++) {
      var d = segmentDistance(points[i], points[0], points[last]);
      if (d > worst) { worst = d; index = i; }
    }
    if (worst <= tolerance) { return [points[0], points[last]]; }
    return simplify(points.slice(0, index + 1), tolerance).slice(0, -1).concat(simplify(points.slice(index), tolerance));
  };

  // Pieces on the board: anything with data-model and a centre and radius in inches.
  B.pieceInfo = function (el) {
    return {
      id: el.getAttribute("data-model"),
      side: el.getAttribute("data-side"),
      name: el.getAttribute("data-name"),
      x: parseFloat(el.getAttribute("data-x")),
      y: parseFloat(el.getAttribute("data-y")),
      r: parseFloat(el.getAttribute("data-r")),
      el: el
    };
  };

  B.pieces = function () {
    return Array.prototype.map.call(document.querySelectorAll("#board [data-model]"), B.pieceInfo);
  };

  B.piece = function (id) {
    var el = document.querySelector('#board [data-model="' + id + '"]');
    return el ? B.pieceInfo(el) : null;
  };

  B.pieceAt = function (point, slack) {
    var best = null;
    B.pieces().forEach(function (p) {
      var d = B.dist(point, [p.x, p.y]);
      if (d <= p.r + (slack || 0) && (!best || d < best.d)) { best = { piece: p, d: d }; }
    });
    return best && best.piece;
  };

  // ---- a tiny event bus ---------------------------------------------------------------------

  var listeners = {};
  B.on = function (name, fn) { (listeners[name] = listeners[name] || []).push(fn); };
  B.emit = function (name, detail) {
    var handled = false;
    (listeners[name] || []).forEach(function (fn) { if (!handled && fn(detail)) { handled = true; } });
    return handled;
  };

  // ---- the camera ---------------------------------------------------------------------------

  var view = null; // {x, y, w, h} in inches; null: the whole board

  function whole() {
    var size = B.size();
    return { x: 0, y: 0, w: size.w, h: size.h };
  }

  function clamp(v) {
    var size = B.size();
    var w = Math.max(Math.min(v.w, size.w), Math.min(MAX_ZOOM_INCHES, size.w));
    var h = w * size.h / size.w;
    var x = Math.max(0, Math.min(size.w - w, v.x));
    var y = Math.max(0, Math.min(size.h - h, v.y));
    return { x: x, y: y, w: w, h: h };
  }

  // The view is kept for the tab's session, so a reload keeps the player's zoom.
  function storageKey() {
    var page = document.querySelector("[data-battle]");
    return page ? "beacon-view-" + page.getAttribute("data-battle") : null;
  }

  function remember() {
    var key = storageKey();
    try {
      if (key && view) { sessionStorage.setItem(key, JSON.stringify(view)); }
      if (key && !view) { sessionStorage.removeItem(key); }
    } catch (err) { /* storage may be off: the view is simply not kept */ }
  }

  function recall() {
    var key = storageKey();
    try {
      var kept = key && JSON.parse(sessionStorage.getItem(key) || "null");
      if (kept && B.size()) { view = clamp(kept); }
    } catch (err) { /* nothing kept */ }
  }

  function apply() {
    var s = B.svg();
    if (!s) { return; }
    remember();
    var v = B.camera.get();
    s.setAttribute("viewBox", [v.x, v.y, v.w, v.h].join(" "));
    var zoom = B.size().w / v.w;
    s.setAttribute("data-zoom", zoom.toFixed(2));
    nameTerrain(s.getBoundingClientRect().width / v.w);
    B.emit("view", v);
  }

  // Each terrain piece's name TERRAIN_NAME_PX high on the screen at any zoom, shown where it is
  // not much wider than the piece (zoom in to read the others: the piece's title names it too).
  var TERRAIN_NAME_PX = 11;
  function nameTerrain(ppi) {
    if (!ppi) { return; }
    document.querySelectorAll("#board .terrain-name").forEach(function (name) {
      name.style.fontSize = (TERRAIN_NAME_PX / ppi).toFixed(3) + "px";
      name.classList.remove("too-wide");
      var piece = name.parentNode.querySelector("polygon");
      var room = piece ? piece.getBoundingClientRect().width : 0;
      if (name.getBoundingClientRect().width > room * 1.5) { name.classList.add("too-wide"); }
    });
  }

  B.camera = {
    get: function () { return view || whole(); },
    set: function (v) { view = clamp(v); apply(); },
    apply: apply,
    zoomed: function () { return view !== null && view.w < B.size().w - 1e-6; },
    // Zoom by `factor` (>1 closer) keeping board point `at` where it is on the screen.
    zoomAt: function (factor, at) {
      var v = B.camera.get();
      var w = v.w / factor;
      var size = B.size();
      w = Math.max(Math.min(w, size.w), Math.min(MAX_ZOOM_INCHES, size.w));
      var f = w / v.w;
      at = at || [v.x + v.w / 2, v.y + v.h / 2];
      B.camera.set({ x: at[0] - (at[0] - v.x) * f, y: at[1] - (at[1] - v.y) * f, w: w, h: w * size.h / size.w });
    },
    // Pan by inches; returns what could not be panned (at an edge), in inches.
    panBy: function (dx, dy) {
      var v = B.camera.get();
      var wanted = { x: v.x + dx, y: v.y + dy, w: v.w, h: v.h };
      B.camera.set(wanted);
      var now = B.camera.get();
      return [wanted.x - now.x, wanted.y - now.y];
    },
    fit: function () { view = null; apply(); },
    // Centre on `box` ([x0, y0, x1, y1] inches) at the zoom where a 25 mm base is readable, or
    // (`whole`) wider if the whole box needs it (or the whole board, if that is already so).
    frame: function (box, whole) {
      var size = B.size();
      var s = B.svg();
      var margin = 1;
      var w = s.getBoundingClientRect().width * BASE_25MM / READABLE_BASE_PX;
      if (whole) { w = Math.max(w, box[2] - box[0] + 2 * margin, (box[3] - box[1] + 2 * margin) * size.w / size.h); }
      var h = w * size.h / size.w;
      B.camera.set({ x: (box[0] + box[2]) / 2 - w / 2, y: (box[1] + box[3]) / 2 - h / 2, w: w, h: h });
    }
  };

  // The pieces the selected piece's choices name (its charge's or shot's targets), from the
  // panel's legal actions.
  function targetsOf(selected) {
    var data = document.getElementById("legal-actions");
    var ids = {};
    (data ? JSON.parse(data.textContent) : []).forEach(function (action) {
      if (action.group !== selected && (action.command || {}).model !== selected) { return; }
      if (typeof (action.command || {}).target === "string") { ids[action.command.target] = true; }
      Object.keys(action.params || {}).forEach(function (name) {
        (action.params[name].options || []).forEach(function (o) { if (typeof o.value === "string") { ids[o.value] = true; } });
      });
    });
    return Array.prototype.filter.call(document.querySelectorAll("#board [data-model]"), function (el) {
      return ids[el.getAttribute("data-model")];
    });
  }

  // The area in play: the selected piece and its targets (all of them in view), else the pieces
  // that can act now, else one's own army, else the army whose decision it is, else every piece.
  function areaInPlay() {
    var picked = document.querySelector("#board [data-model].selected");
    if (picked) {
      var around = boxOf([picked].concat(targetsOf(picked.getAttribute("data-model"))));
      return { box: around, whole: true };
    }
    var page = document.querySelector("[data-audience]");
    var panel = document.getElementById("decision-panel");
    var mine = page && page.getAttribute("data-audience");
    var deciding = panel && panel.getAttribute("data-pending-side");
    var choices = [".can-act", '[data-side="' + mine + '"]', '[data-side="' + deciding + '"]', ""];
    var chosen = [];
    for (var i = 0; i < choices.length && !chosen.length; i++) {
      chosen = document.querySelectorAll("#board [data-model]" + choices[i]);
    }
    var box = boxOf(Array.prototype.slice.call(chosen));
    // A board whose pieces are large (a mass battle's stands) keeps them all in view.
    var board = document.getElementById("board");
    var whole = !!board && board.getAttribute("data-frame-decisions") === "whole";
    return box ? { box: box, whole: whole } : null;
  }

  function boxOf(elements) {
    var box = null;
    elements.forEach(function (el) {
      var p = B.pieceInfo(el);
      var b = [p.x - p.r, p.y - p.r, p.x + p.r, p.y + p.r];
      box = box ? [Math.min(box[0], b[0]), Math.min(box[1], b[1]), Math.max(box[2], b[2]), Math.max(box[3], b[3])] : b;
    });
    return box;
  }

  // Frame the area in play (the "Area in play" button; a phone at each new decision of its own).
  B.camera.frameInPlay = function () {
    var area = areaInPlay();
    if (area) { B.camera.frame(area.box, area.whole); }
  };

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest ? evt.target.closest("[data-zoom]") : null;
    if (!button || !B.svg()) { return; }
    var how = button.getAttribute("data-zoom");
    if (how === "in") { B.camera.zoomAt(1.5); }
    if (how === "out") { B.camera.zoomAt(1 / 1.5); }
    if (how === "fit") { B.camera.fit(); }
    if (how === "play") { B.camera.frameInPlay(); }
  });

  document.addEventListener("wheel", function (evt) {
    var s = B.svg();
    if (!s || !s.contains(evt.target)) { return; }
    var closer = evt.deltaY < 0;
    if (!closer && !B.camera.zoomed()) { return; } // fully out: let the page scroll
    evt.preventDefault();
    var factor = Math.exp(-evt.deltaY * (evt.deltaMode === 1 ? 0.05 : 0.0015));
    B.camera.zoomAt(factor, B.point(evt));
  }, { passive: false });

  document.addEventListener("keydown", function (evt) {
    if (!B.svg() || evt.target.closest("input, select, textarea")) { return; }
    if (!evt.target.closest("#board, .board-tools") && evt.target !== document.body) { return; }
    if (evt.key === "+" || evt.key === "=") { B.camera.zoomAt(1.5); evt.preventDefault(); }
    if (evt.key === "-") { B.camera.zoomAt(1 / 1.5); evt.preventDefault(); }
    if (evt.key === "0") { B.camera.fit(); evt.preventDefault(); }
    if ((evt.key === "m" || evt.key === "M") && !evt.ctrlKey && !evt.metaKey) { B.tape.toggle(); evt.preventDefault(); }
  });

  // ---- presses on the board -----------------------------------------------------------------

  var claimants = []; // [{priority, fn}]: fn(evt, point) returns a gesture or null
  var gesture = null; // {pointer, move(evt), end(evt), cancel()}
  var pointers = {}; // pointerId -> [clientX, clientY]
  var pinch = null;

  B.onPress = function (fn, priority) {
    claimants.push({ priority: priority || 0, fn: fn });
    claimants.sort(function (a, b) { return b.priority - a.priority; });
  };

  // The default gesture: pan; a press that hardly moves is a tap on what it pressed.
  function panGesture(evt) {
    var s = B.svg();
    var last = [evt.clientX, evt.clientY], start = last, moved = false;
    var touch = evt.pointerType === "touch";
    var target = evt.target;
    var point = B.point(evt);
    return {
      move: function (e) {
        if (!moved && Math.hypot(e.clientX - start[0], e.clientY - start[1]) < TAP_SLOP_PX) { return; }
        moved = true;
        s.classList.add("panning");
        var scale = B.camera.get().w / s.getBoundingClientRect().width;
        var left = B.camera.panBy(-(e.clientX - last[0]) * scale, -(e.clientY - last[1]) * scale);
        // A finger on a board that cannot pan further that way scrolls the page instead.
        if (touch && Math.abs(left[1]) > 1e-9) { window.scrollBy(0, left[1] / scale); }
        last = [e.clientX, e.clientY];
      },
      end: function () {
        s.classList.remove("panning");
        if (!moved) { B.tap(target, point); }
      },
      cancel: function () { s.classList.remove("panning"); }
    };
  }

  // A tap on the board (or Enter on a piece): the tape, then the page's own pieces, may claim it;
  // otherwise a tap on a model opens its card.
  B.tap = function (target, point, keyboard) {
    var el = target && target.closest ? target.closest("#board [data-model]") : null;
    var detail = { piece: el ? B.pieceInfo(el) : null, point: point, keyboard: !!keyboard };
    if (!B.emit("tap", detail) && detail.piece) { B.cards.open(detail.piece.id, detail.keyboard); }
  };

  document.addEventListener("pointerdown", function (evt) {
    var s = B.svg();
    if (!s || !s.contains(evt.target) || evt.button > 0) { return; }
    pointers[evt.pointerId] = [evt.clientX, evt.clientY];
    var ids = Object.keys(pointers);
    if (ids.length === 2) {
      if (gesture) { gesture.cancel(); gesture = null; }
      var a = pointers[ids[0]], b = pointers[ids[1]];
      pinch = { ids: ids, distance: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
      evt.preventDefault();
      return;
    }
    if (ids.length > 2 || pinch) { return; }
    var point = B.point(evt);
    for (var i = 0; i < claimants.length && !gesture; i++) { gesture = claimants[i].fn(evt, point); }
    gesture = gesture || panGesture(evt);
    gesture.pointer = evt.pointerId;
    s.setPointerCapture(evt.pointerId);
    evt.preventDefault();
  });

  document.addEventListener("pointermove", function (evt) {
    if (!(evt.pointerId in pointers)) { return; }
    pointers[evt.pointerId] = [evt.clientX, evt.clientY];
    if (pinch) {
      var a = pointers[pinch.ids[0]], b = pointers[pinch.ids[1]];
      if (!a || !b) { return; }
      var distance = Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
      var mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      var at = B.point({ clientX: pinch.mid[0], clientY: pinch.mid[1] });
      B.camera.zoomAt(distance / pinch.distance, at);
      var scale = B.camera.get().w / B.svg().getBoundingClientRect().width;
      B.camera.panBy(-(mid[0] - pinch.mid[0]) * scale, -(mid[1] - pinch.mid[1]) * scale);
      pinch.distance = distance;
      pinch.mid = mid;
      return;
    }
    if (gesture && evt.pointerId === gesture.pointer) { gesture.move(evt); }
  });

  function release(evt, cancelled) {
    if (!(evt.pointerId in pointers)) { return; }
    delete pointers[evt.pointerId];
    if (pinch) {
      if (!Object.keys(pointers).length) { pinch = null; }
      return;
    }
    if (gesture && evt.pointerId === gesture.pointer) {
      var done = gesture;
      gesture = null;
      if (cancelled) { done.cancel(); } else { done.end(evt); }
    }
  }

  document.addEventListener("pointerup", function (evt) { release(evt, false); });
  document.addEventListener("pointercancel", function (evt) { release(evt, true); });

  // ---- the tape and the line of sight -------------------------------------------------------

  // A question about the battle: as it stands, or on a replay page as it stood at the step shown.
  B.battleUrl = function battleUrl(path) {
    var page = document.querySelector("[data-battle]");
    var replayed = document.querySelector("[data-replay-step]");
    var url = "/battles/" + page.getAttribute("data-battle") + "/" + path;
    if (replayed) { url += (url.indexOf("?") >= 0 ? "&" : "?") + "step=" + replayed.getAttribute("data-replay-step"); }
    return url;
  };
  var battleUrl = B.battleUrl;

  function endParam(end) { return end.model ? end.model : end.point[0].toFixed(2) + "," + end.point[1].toFixed(2); }
  function endAt(end) {
    if (!end.model) { return end.point; }
    var p = B.piece(end.model);
    return p ? [p.x, p.y] : null;
  }

  var tape = { active: false, from: null, to: null, answer: null, asking: false, again: false };

  function drawTape() {
    if (!B.svg()) { return; }
    if (!tape.from || !tape.to) { B.clearLayer("tape-layer"); return; }
    var a = endAt(tape.from), b = endAt(tape.to);
    if (!a || !b) { B.clearLayer("tape-layer"); return; }
    var g = B.layer("tape-layer");
    var answer = tape.answer;
    var kind = answer && answer.visible === false ? " hidden-line" : answer && answer.visible ? " seen-line" : "";
    g.appendChild(B.el("line", { "class": "tape" + kind, x1: a[0], y1: a[1], x2: b[0], y2: b[1], "data-testid": "tape-line" }));
    g.appendChild(B.el("circle", { "class": "tape-end", cx: a[0], cy: a[1], r: 0.15 }));
    g.appendChild(B.el("circle", { "class": "tape-end", cx: b[0], cy: b[1], r: 0.15 }));
    if (answer) {
      var text = answer.distance.toFixed(1) + '"';
      if (answer.visible === true) { text += " · in sight"; }
      if (answer.visible === false) { text += " · out of sight"; }
      B.label(g, "tape-label", [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], 0.2, [text], "tape-label");
    }
  }

  function readout(answer) {
    var el = document.getElementById("tape-readout");
    if (!el) { return; }
    if (!answer) { el.textContent = ""; return; }
    if (answer.error) { el.textContent = answer.error; return; }
    var name = function (end) { return end.name || "the point " + end.point[0].toFixed(1) + '", ' + end.point[1].toFixed(1) + '"'; };
    var edge = answer.from.model && answer.to.model ? " (base edge to base edge)" : answer.from.model || answer.to.model ? " (from the base edge)" : "";
    var text = name(answer.from) + " to " + name(answer.to) + ": " + answer.distance.toFixed(2) + '"' + edge + ".";
    if (answer.visible === true) { text += " " + answer.from.name + " can see " + answer.to.name + "."; }
    if (answer.visible === false) {
      text += " " + answer.from.name + " cannot see " + answer.to.name + (answer.blocked_by.length ? ": " + answer.blocked_by.join(", ") + " blocks the view." : ".");
    }
    if (answer.shot === "") { text += " It may shoot at it."; } else if (answer.shot) { text += " " + answer.shot; }
    if (answer.terrain && answer.terrain.length) { text += " The tape crosses " + answer.terrain.join("; ") + "."; }
    el.textContent = text;
  }

  function ask() {
    if (!tape.from || !tape.to) { return; }
    if (tape.asking) { tape.again = true; return; }
    tape.asking = true;
    var url = battleUrl("measure/") + (battleUrl("").indexOf("?") >= 0 ? "&" : "?") + "from=" + encodeURIComponent(endParam(tape.from)) + "&to=" + encodeURIComponent(endParam(tape.to));
    fetch(url, { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        tape.asking = false;
        if (!tape.active) { return; } // put away while asked: the answer is not wanted
        if (tape.again) { tape.again = false; ask(); return; }
        tape.answer = answer.error ? null : answer;
        drawTape();
        readout(answer);
      })
      .catch(function () { tape.asking = false; });
  }

  function tapeEnd(point) {
    var piece = B.pieceAt(point);
    return piece ? { model: piece.id, name: piece.name } : { point: point };
  }

  B.tape = {
    active: function () { return tape.active; },
    toggle: function (on) {
      tape.active = on === undefined ? !tape.active : on;
      document.querySelectorAll("[data-tool=tape]").forEach(function (b) { b.setAttribute("aria-pressed", tape.active ? "true" : "false"); });
      var s = B.svg();
      if (s) { s.classList.toggle("measuring", tape.active); }
      if (!tape.active) {
        tape.from = tape.to = tape.answer = null;
        B.clearLayer("tape-layer");
        readout(null);
      }
    },
    // Measure from one end to the other: {model: id} or {point: [x, y]}.
    between: function (from, to) {
      tape.from = from;
      tape.to = to;
      tape.answer = null;
      drawTape();
      ask();
    },
    refresh: function () { if (tape.from && tape.to) { drawTape(); ask(); } }
  };

  document.addEventListener("click", function (evt) {
    if (evt.target.closest && evt.target.closest("[data-tool=tape]")) { B.tape.toggle(); }
  });

  // While measuring, a press draws the tape; releasing it asks the referee.
  B.onPress(function (evt, point) {
    if (!tape.active) { return null; }
    var start = tapeEnd(point), startScreen = [evt.clientX, evt.clientY], moved = false, pressed = evt.target;
    return {
      move: function (e) {
        if (!moved && Math.hypot(e.clientX - startScreen[0], e.clientY - startScreen[1]) < TAP_SLOP_PX) { return; }
        moved = true;
        tape.from = start;
        tape.to = tapeEnd(B.point(e));
        tape.answer = null;
        drawTape();
        ask();
      },
      end: function (e) {
        if (!moved) { B.tap(pressed, point); return; }
        tape.to = tapeEnd(B.point(e));
        drawTape();
        ask();
      },
      cancel: function () {}
    };
  }, 100);

  // In measuring mode a tap on a model then on another measures between them (keyboard too).
  var tapeFirst = null;
  B.on("tap", function (detail) {
    if (!tape.active) { return false; }
    var end = detail.piece ? { model: detail.piece.id, name: detail.piece.name } : { point: detail.point };
    if (!tapeFirst) {
      tapeFirst = end;
      tape.from = end;
      tape.to = null;
      B.clearLayer("tape-layer");
      var el = document.getElementById("tape-readout");
      if (el) { el.textContent = "Measuring from " + (end.name || "that point") + ": now choose the other end."; }
    } else {
      B.tape.between(tapeFirst, end);
      tapeFirst = null;
    }
    return true;
  });

  // ---- move previews ------------------------------------------------------------------------

  // Ask the referee what `command` would do; `answer(reply)` is called with its reply, unless a
  // newer question was asked meanwhile (then that one is asked next, and only it is answered).
  var previewing = null; // {key, next: {command, answer} | null}

  function previewUrl(command) {
    return B.battleUrl("preview/?command=" + encodeURIComponent(JSON.stringify(command)));
  }

  B.preview = function (command, answer) {
    var key = JSON.stringify(command);
    if (previewing) {
      previewing.next = previewing.key === key ? null : { command: command, answer: answer };
      return;
    }
    previewing = { key: key, next: null };
    fetch(previewUrl(command), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (reply) {
        var next = previewing && previewing.next;
        previewing = null;
        if (next) { B.preview(next.command, next.answer); return; }
        answer(reply);
      })
      .catch(function () { previewing = null; });
  };

  // ---- unit cards ---------------------------------------------------------------------------

  var card = { open: null, against: "", fetching: 0 };

  B.cards = {
    // `against`: another model's id, for the odds of the two fighting (kept while the card is open).
    open: function (id, focus, against) {
      var slot = document.getElementById("unit-card");
      if (!slot) { return; }
      if (card.open !== id) { card.against = ""; }
      if (against !== undefined) { card.against = against; }
      card.open = id;
      var mine = ++card.fetching;
      var query = card.against ? "?against=" + encodeURIComponent(card.against) : "";
      fetch(battleUrl("models/" + encodeURIComponent(id) + "/" + query))
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (html) {
          if (mine !== card.fetching || card.open !== id) { return; }
          slot.innerHTML = html;
          if (focus) {
            var heading = slot.querySelector("h2");
            if (heading) { heading.focus(); }
          }
        });
    },
    close: function () {
      var slot = document.getElementById("unit-card");
      var was = card.open;
      card.open = null;
      if (slot) { slot.innerHTML = ""; }
      var piece = was && document.querySelector('#board [data-model="' + was + '"]');
      if (piece) { piece.focus(); }
    },
    refresh: function () { if (card.open) { B.cards.open(card.open, false); } },
    current: function () { return card.open; }
  };

  document.addEventListener("change", function (evt) {
    var pick = evt.target.closest ? evt.target.closest("select[data-card-against]") : null;
    if (pick) { B.cards.open(pick.getAttribute("data-card-against"), false, pick.value); }
  });

  document.addEventListener("click", function (evt) {
    if (evt.target.closest && evt.target.closest("[data-close-card]")) { B.cards.close(); }
    var hero = evt.target.closest ? evt.target.closest(".hero-card[data-hero]") : null;
    if (hero) { B.cards.open(hero.getAttribute("data-hero"), false); }
  });

  document.addEventListener("keydown", function (evt) {
    if (evt.key === "Escape" && evt.target.closest && evt.target.closest(".unit-card")) { B.cards.close(); }
  });

  // ---- links: one model highlighted everywhere at once --------------------------------------

  function modelOf(el) {
    if (!el || !el.closest) { return null; }
    var piece = el.closest("#board [data-model]");
    if (piece) { return piece.getAttribute("data-model"); }
    var hero = el.closest(".hero-card[data-hero]");
    if (hero) { return hero.getAttribute("data-hero"); }
    var button = el.closest("button[name^='p.'], select[name^='p.']");
    if (button) {
      try {
        var value = JSON.parse(button.value);
        if (typeof value === "string" && B.piece(value)) { return value; }
      } catch (err) { /* not a model */ }
    }
    var group = el.closest("[data-group]");
    var id = group && group.getAttribute("data-group");
    return id && B.piece(id) ? id : null;
  }

  function link(id) {
    document.querySelectorAll(".linked").forEach(function (el) { el.classList.remove("linked"); });
    if (!id) { return; }
    var selectors = [
      '#board [data-model="' + id + '"]',
      '#decision-panel details[data-group="' + id + '"]',
      '.hero-card[data-hero="' + id + '"]'
    ];
    document.querySelectorAll(selectors.join(",")).forEach(function (el) { el.classList.add("linked"); });
    var quoted = JSON.stringify(id);
    document.querySelectorAll("#decision-panel button[name^='p.']").forEach(function (el) {
      if (el.value === quoted) { el.classList.add("linked"); }
    });
  }
  B.link = link;

  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (evt) { link(modelOf(evt.target)); });
  });
  document.addEventListener("change", function (evt) {
    if (evt.target.matches && evt.target.matches("select[name^='p.']")) { link(modelOf(evt.target)); }
  });

  // ---- after the server re-renders the board ------------------------------------------------

  // The board as a list, for a screen reader or anyone who prefers words: each model (its name,
  // side and state, as its title says) and where it stands, then the terrain.
  function describe() {
    var list = document.querySelector("[data-testid=board-text]");
    if (!list) { return; }
    var lines = B.pieces().map(function (p) {
      var title = p.el.querySelector("title");
      return (title ? title.textContent : p.name) + "; " + p.x.toFixed(1) + '" from the left edge, ' + p.y.toFixed(1) + '" from the top.';
    });
    document.querySelectorAll("#board .terrain title").forEach(function (t) { lines.push(t.textContent + "."); });
    list.innerHTML = "";
    lines.forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      list.appendChild(li);
    });
  }

  // The board as large as the window allows, its whole height in view (set here, not in a style
  // attribute, which the Content Security Policy refuses).
  function fit() {
    var s = B.svg();
    if (s && s.dataset.width && s.dataset.height) {
      s.style.maxWidth = "calc((100vh - 9rem) * " + s.dataset.width + " / " + s.dataset.height + ")";
    }
  }

  B.redrawn = function () {
    fit();
    apply();
    describe();
    var s = B.svg();
    if (s) { s.classList.toggle("measuring", tape.active); }
    drawTape();
  };

  document.addEventListener("htmx:afterSwap", function () {
    B.redrawn();
    B.cards.refresh();
    B.tape.refresh();
  });
  document.addEventListener("DOMContentLoaded", function () {
    if (B.svg()) { recall(); }
    B.redrawn();
  });
})();
