// The mass battle on the battle page (rules §16). The board's zoom, pan, tape and cards are
// board.js's; this script only adds what stands and mass-battle heroes need:
// - drag a stand to move it: the dragged path reduced to its corners (at most the referee's 4
//   legs) is asked of the referee's own preview (the /preview/ endpoint,
//   rules_core.mass_battle.preview), which answers with what it would do: the path as dragged, or,
//   when that is refused, a way of up to 4 legs round what is in it, or the charge on the enemy
//   stand it was dropped in front of (or on). The preview draws the swept area, the legs, the end
//   pose (a charge's conformed pose, the edge it hits and the combat's odds), the length against
//   the Move, the heroes it would overrun; or the refusal and what blocks, outlined. Release sends
//   the command the preview answered with (the path shown is the path sent); a refused drag stays
//   on the board with its reason until put back. Drag its round handle (or a finger's width
//   around it) to turn it; on a focused stand the arrow keys move it, Q and E turn it, Enter sends
//   and Escape puts it back;
// - tap one's own stand, then an enemy stand: it shoots at it (Shoot phase) or charges it;
// - at deployment (§2.5), drag a stand or turn it to place it: the referee's preview says whether it
//   may stand there (release, or Enter, sends the place; a refused place stays, with the reason),
//   drag a hero onto one of your stands to join it or anywhere in your zone to stand loose;
// - drag a hero's badge off his stand to detach him; drag a loose hero to move him, onto a friendly
//   stand to join it, onto an enemy loose hero to charge him (the referee's preview gives the way's
//   length against his Move, or why not, while dragging);
// every gesture becomes one of the legal actions the server embedded (#legal-actions), or the
// command it means, so the referee answers why not.
(function () {
  "use strict";

  var B = window.BeaconBoard;
  var DRAG_START = 0.3; // inches before a press becomes a drag
  var KEY_STEP = 1; // inches an arrow key moves a stand (Shift: a quarter)
  var KEY_TURN = 15; // degrees Q / E turn a stand (Shift: 5)
  var SAMPLE = 0.25; // inches between recorded points of a hero's dragged path
  var SIMPLIFY = 0.35; // inches a path may stray when it is reduced to its corners
  var HANDLE_R = 0.45; // inches: a turn handle as drawn
  var HIT_PX = 48; // screen pixels across a turn handle's hit area (a finger: at least 44)
  var LABEL_PX = 12; // screen pixels high: a stand's label, a hero's badge
  var SMALL_LABEL_PX = 9; // a stand's label where the full size would overlap another's
  var LABEL_SPILL_PX = 12; // how much wider than its stand a label may be on the screen
  var FACTORS_PX = 10; // screen pixels high: a stand's models and factors, a hero's Might/Will/Fate
  var FACTORS_MIN_STAND_PX = 84; // a stand narrower than this on the screen shows only its label
  var BADGE_R = 0.6; // inches: a hero's badge as drawn
  var BADGE_PX = 22; // screen pixels across a hero's badge at the least
  var detachAfter = null; // a hero to detach once his stand's activation has begun
  var stage = null; // {stand, x, y, facing, corners, target, answer}: corners are the legs' ends before (x, y)

  var P = window.BeaconPage;

  function legal() { return P.legal(); }

  function actionOf(type, key, id) {
    return legal().filter(function (a) { return a.command.type === type && a.command[key] === id; });
  }

  // The optional params (a shout, a card) as the player set them in the panel, or their defaults.
  function withDefaults(action, command) {
    Object.keys(action ? action.params || {} : {}).forEach(function (name) {
      var spec = action.params[name];
      if (command[name] === undefined && spec.default !== undefined) { command[name] = P.option(action, name, spec.default); }
    });
    return command;
  }

  function send(command) { P.send(command); }

  function round(v) { return Math.round(v * 100) / 100; }

  function normal(facing) { return ((Math.round(facing) % 360) + 360) % 360; }

  function standInfo(el) {
    return {
      id: el.getAttribute("data-stand"),
      side: el.getAttribute("data-side"),
      name: el.getAttribute("data-name"),
      x: parseFloat(el.getAttribute("data-x")),
      y: parseFloat(el.getAttribute("data-y")),
      facing: parseFloat(el.getAttribute("data-facing")),
      w: parseFloat(el.getAttribute("data-w")),
      d: parseFloat(el.getAttribute("data-d")),
      move: parseFloat(el.getAttribute("data-move")),
      el: el
    };
  }

  // Corners of a stand's footprint at a pose (§2.2: front f = (sin θ, cos θ), right r = (cos θ, −sin θ)).
  function corners(x, y, facing, w, d) {
    var t = facing * Math.PI / 180, f = [Math.sin(t), Math.cos(t)], r = [Math.cos(t), -Math.sin(t)];
    return [[1, 1], [-1, 1], [-1, -1], [1, -1]].map(function (s) {
      return [x + r[0] * w / 2 * s[0] + f[0] * d / 2 * s[1], y + r[1] * w / 2 * s[0] + f[1] * d / 2 * s[1]];
    });
  }

  function inside(point, s) {
    var t = s.facing * Math.PI / 180, dx = point[0] - s.x, dy = point[1] - s.y;
    var along = dx * Math.cos(t) - dy * Math.sin(t), ahead = dx * Math.sin(t) + dy * Math.cos(t);
    return Math.abs(along) <= s.w / 2 && Math.abs(ahead) <= s.d / 2;
  }

  function standAt(point, exceptId) {
    var found = null;
    document.querySelectorAll("#board .stand").forEach(function (el) {
      var s = standInfo(el);
      if (s.id !== exceptId && inside(point, s)) { found = s; }
    });
    return found;
  }

  function looseAt(point, exceptId) {
    var found = null;
    document.querySelectorAll("#board .mass-hero").forEach(function (el) {
      var p = B.pieceInfo(el);
      if (p.id !== exceptId && B.dist(point, [p.x, p.y]) <= p.r + 0.3) { found = p; }
    });
    return found;
  }

  // ---- moving a stand ----------------------------------------------------------------------

  // The command the staged pose means: a charge when dropped on an enemy it may charge (or any
  // enemy: the referee says why not), else a move.
  function stagedCommand() {
    if (placing(stage.stand.id)) {
      return { type: "place_stand", stand: stage.stand.id, at: [round(stage.x), round(stage.y)], facing: normal(stage.facing) };
    }
    if (stage.target) {
      var charge = actionOf("charge", "stand", stage.stand.id).filter(function (a) { return a.command.target === stage.target.id; })[0];
      return withDefaults(charge, { type: "charge", stand: stage.stand.id, target: stage.target.id });
    }
    var move = actionOf("move_stand", "stand", stage.stand.id)[0];
    // The legs, the last to where it ends (where it stands, for a turn on the spot), and its final facing.
    var via = stage.corners.concat([[stage.x, stage.y]]).map(function (q) { return [round(q[0]), round(q[1])]; });
    return withDefaults(move, { type: "move_stand", stand: stage.stand.id, via: via, facing: normal(stage.facing) });
  }

  // Deployment (§2.5): the stand is put down where it is dropped, as it is turned; the referee
  // checks the place when it is sent.
  function placing(id) { return actionOf("place_stand", "stand", id).length > 0; }

  // The most legs a stand's move may have (the referee's path param; §6.2: 4).
  function maxLegs(id) {
    var move = actionOf("move_stand", "stand", id)[0];
    var spec = move && move.params && move.params.via;
    return spec && spec.max_points ? spec.max_points : 4;
  }

  // A dragged path (the stand's centre, sampled) as the corners between its legs: its own corners
  // when it has few enough, else the path straightened further until it fits in `max` legs.
  function cornersOf(points, max) {
    var tolerance = SIMPLIFY, kept = B.simplify(points, tolerance);
    while (kept.length - 1 > max) {
      tolerance *= 1.5;
      kept = B.simplify(points, tolerance);
    }
    return kept.slice(1, -1);
  }

  function ask() {
    if (!stage) { return; }
    var command = stagedCommand();
    var key = JSON.stringify(command);
    B.preview(command, function (answer) {
      if (!stage) { return; }
      stage.answer = answer;
      stage.answerFor = key;
      draw();
      if (stage.released && fresh()) { sendStage(); }
    });
  }

  // The referee's answer about the pose staged now (not an older one).
  function fresh() { return !!(stage && stage.answer && stage.answerFor === JSON.stringify(stagedCommand())); }

  // What the referee would send for the staged pose: its answer's command, with the panel's values.
  function answeredCommand() {
    var c = stage.answer.command;
    var matching = legal().filter(function (a) {
      return a.command.type === c.type && a.command.stand === c.stand && (c.type !== "charge" || a.command.target === c.target);
    })[0];
    return withDefaults(matching, JSON.parse(JSON.stringify(c)));
  }

  function nameOf(id) {
    var el = document.querySelector('#board [data-model="' + id + '"]');
    return el ? el.getAttribute("data-name") : "";
  }

  function oddsText(odds) {
    return (odds || []).map(function (o) { return o.label + " " + Math.round(o.p * 100) + "%"; }).join(", ");
  }

  function polygonPoints(points) { return points.map(function (p) { return p[0] + "," + p[1]; }).join(" "); }

  var EDGE_NAMES = { front: "front", rear: "rear", left: "left flank", right: "right flank" };

  function describe(answer) {
    var s = stage.stand;
    if (!answer) { return { text: "…", refused: false, waiting: true }; }
    if (!answer.ok) { return { text: answer.message, refused: true }; }
    if (placing(s.id)) { return { text: s.name + ": place it here, facing " + normal(stage.facing) + "°", refused: false }; }
    var charging = answer.command && answer.command.type === "charge";
    var legs = charging ? 1 : (answer.legs || []).length;
    var parts = [answer.length.toFixed(1) + '" of ' + answer.allowance + '"' + (legs > 1 ? " in " + legs + " legs" : "")];
    if (charging) {
      parts.unshift("Charges the " + (EDGE_NAMES[answer.edge] || answer.edge) + " edge of " + nameOf(answer.command.target));
      if (answer.odds) { parts.push(oddsText(answer.odds)); }
    }
    (answer.overrun || []).forEach(function (id) {
      var el = document.querySelector('#board [data-model="' + id + '"]');
      parts.push("will overrun " + (el ? el.getAttribute("data-name") : id));
    });
    (answer.displaced || []).forEach(function (d) {
      var el = document.querySelector('#board [data-model="' + d.hero + '"]');
      parts.push((el ? el.getAttribute("data-name") : d.hero) + " steps aside");
    });
    return { text: s.name + ": " + parts.join(" · "), refused: false };
  }

  // What a refused preview says is in the way, outlined: a stand (grown by its control zone when
  // that is what the move enters), a hero's base, or a terrain piece.
  function drawBlocking(g, blocking) {
    var el = blocking && blocking.model && document.querySelector('#board [data-model="' + blocking.model + '"]');
    var zone = (blocking && blocking.zone) || 0;
    if (el && el.classList.contains("stand")) {
      var b = standInfo(el);
      g.appendChild(B.el("rect", {
        "class": "drag-blocker", x: -b.w / 2 - zone, y: -b.d / 2 - zone, width: b.w + 2 * zone, height: b.d + 2 * zone, rx: zone,
        transform: "translate(" + b.x + " " + b.y + ") rotate(" + (-b.facing) + ")", "data-testid": "drag-blocker"
      }));
    } else if (el) {
      var p = B.pieceInfo(el);
      g.appendChild(B.el("circle", { "class": "drag-blocker", cx: p.x, cy: p.y, r: p.r + zone, "data-testid": "drag-blocker" }));
    }
    var piece = blocking && blocking.terrain && document.querySelector('#board [data-piece="' + blocking.terrain + '"]');
    if (piece) {
      g.appendChild(B.el("polygon", { "class": "drag-blocker", points: piece.getAttribute("data-points"), "data-testid": "drag-blocker" }));
    }
  }

  function draw() {
    if (!stage || !B.svg()) { return; }
    var s = stage.stand, answer = stage.answer;
    var fresh = answer && stage.answerFor === JSON.stringify(stagedCommand());
    var g = B.layer("mass-preview");
    g.setAttribute("data-testid", "mass-preview");
    g.setAttribute("class", "mass-preview" + (fresh && !answer.ok ? " refused" : ""));
    if (fresh && answer.ok) {
      (answer.area || []).forEach(function (piece) {
        g.appendChild(B.el("polygon", { "class": "swept", points: polygonPoints(piece), "data-testid": "swept-area" }));
      });
    }
    // Each enemy stand's 1" control zone (§6.2), which only a charge against it may enter.
    document.querySelectorAll("#board .stand").forEach(function (el) {
      var e = standInfo(el);
      if (e.side === s.side) { return; }
      g.appendChild(B.el("rect", {
        "class": "zone-ring", x: -e.w / 2 - 1, y: -e.d / 2 - 1, width: e.w + 2, height: e.d + 2, rx: 1,
        transform: "translate(" + e.x + " " + e.y + ") rotate(" + (-e.facing) + ")", "data-testid": "control-zone"
      }));
    });
    // The legs as they will be sent (the referee's answer: the path dragged or its way round),
    // the centre's path from corner to corner; until it answers, the dragged corners.
    var legs = fresh && answer.ok ? [[s.x, s.y]].concat((answer.legs || []).map(function (l) { return [l[0], l[1]]; }))
      : stage.target || !stage.corners.length ? [] : [[s.x, s.y]].concat(stage.corners, [[stage.x, stage.y]]);
    if (legs.length > 2) {
      g.appendChild(B.el("polyline", {
        "class": "legs", points: polygonPoints(legs), fill: "none", "data-testid": "move-legs", "data-legs": legs.length - 1
      }));
    }
    if (fresh && !answer.ok) { drawBlocking(g, answer.blocking); }
    var end = fresh && answer.ok ? answer.end : [stage.x, stage.y, stage.facing];
    var c = corners(end[0], end[1], end[2], s.w, s.d);
    g.appendChild(B.el("polygon", { "class": "ghost", points: polygonPoints(c), "data-testid": "ghost" }));
    g.appendChild(B.el("line", { "class": "ghost-front", x1: c[0][0], y1: c[0][1], x2: c[1][0], y2: c[1][1] }));
    document.querySelectorAll("#board .mass-hero.will-be-overrun").forEach(function (el) { el.classList.remove("will-be-overrun"); });
    if (fresh && answer.ok) {
      (answer.overrun || []).forEach(function (id) {
        var p = B.piece(id);
        if (!p) { return; }
        p.el.classList.add("will-be-overrun");
        g.appendChild(B.el("circle", { "class": "overrun", cx: p.x, cy: p.y, r: p.r + 0.5, "data-testid": "overrun-mark" }));
      });
    }
    var said = describe(fresh ? answer : null);
    B.label(g, "drag-label", [end[0], end[1]], Math.max(s.w, s.d) / 2, [said.text.length > 70 ? said.text.slice(0, 70) + "…" : said.text], "drag-distance");
    showStage(said);
  }

  function showStage(said) {
    var bar = document.getElementById("mass-stage");
    if (!bar) { return; }
    bar.hidden = false;
    bar.innerHTML = "";
    var text = document.createElement("span");
    text.className = "stage-text" + (said.refused ? " refused" : "");
    text.setAttribute("data-testid", "stage-text");
    text.textContent = said.text;
    bar.appendChild(text);
    var buttons = said.refused || said.waiting ? [] : [["Send", "send", "stage-send"]];
    buttons.concat([["Put back", "reset", "stage-reset"]]).forEach(function (b) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "small";
      button.textContent = b[0];
      button.setAttribute("data-stage", b[1]);
      button.setAttribute("data-testid", b[2]);
      bar.appendChild(button);
    });
  }

  function clearStage() {
    stage = null;
    B.clearLayer("mass-preview");
    document.querySelectorAll("#board .mass-hero.will-be-overrun").forEach(function (el) { el.classList.remove("will-be-overrun"); });
    var bar = document.getElementById("mass-stage");
    if (bar) { bar.hidden = true; bar.innerHTML = ""; }
  }

  // Send what the referee answered for the staged pose; released before it answered, send once it
  // does; refused, the stage stays with the reason and what blocks until put back or moved again.
  function sendStage() {
    if (!stage) { return; }
    if (!fresh()) {
      stage.released = true;
      ask();
      return;
    }
    stage.released = false;
    if (!stage.answer.ok) { draw(); return; }
    var command = answeredCommand();
    clearStage();
    send(command);
  }

  function startStage(el) {
    var s = standInfo(el);
    if (!stage || stage.stand.id !== s.id) {
      stage = { stand: s, x: s.x, y: s.y, facing: s.facing, corners: [], target: null, answer: null };
    }
    return stage;
  }

  function canMove(id) {
    return actionOf("move_stand", "stand", id).length + actionOf("charge", "stand", id).length > 0 || placing(id);
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest ? evt.target.closest("[data-stage]") : null;
    if (!button) { return; }
    if (button.getAttribute("data-stage") === "send") { sendStage(); } else { clearStage(); }
  });

  // Sized on the screen at any zoom, again whenever the view changes or the board is redrawn:
  // each turn handle's hit area a finger wide (HIT_PX across; never smaller than the handle drawn),
  // a stand's label and a hero's badge readable (LABEL_PX), a stand's factors and a badge's
  // Might/Will/Fate only where the stand is wide enough on the screen to hold them.
  B.on("view", function () {
    var s = B.svg(), ctm = s && s.getScreenCTM();
    if (!ctm) { return false; }
    var ppi = Math.hypot(ctm.a, ctm.b); // screen pixels per inch of board
    var r = Math.max(HANDLE_R, HIT_PX / 2 / ppi);
    document.querySelectorAll("#board .turn-hit").forEach(function (hit) { hit.setAttribute("r", r.toFixed(3)); });
    function size(el, px) { el.style.fontSize = (px / ppi).toFixed(3) + "px"; }
    document.querySelectorAll("#board .stand").forEach(function (el) {
      var wide = parseFloat(el.getAttribute("data-w")) * ppi >= FACTORS_MIN_STAND_PX;
      el.classList.toggle("narrow", !wide);
      el.querySelectorAll(".stand-label").forEach(function (t) { size(t, LABEL_PX); });
      el.querySelectorAll(".stand-factors").forEach(function (t) { size(t, FACTORS_PX); });
      el.querySelectorAll(".hero-badge").forEach(function (badge) {
        badge.querySelector("circle").setAttribute("r", Math.max(BADGE_R, BADGE_PX / 2 / ppi).toFixed(3));
        size(badge.querySelector("text"), LABEL_PX - 1);
        badge.querySelectorAll(".badge-stats").forEach(function (t) { size(t, FACTORS_PX); });
      });
    });
    document.querySelectorAll("#board .mass-hero").forEach(function (el) {
      el.querySelectorAll(".label").forEach(function (t) { size(t, LABEL_PX - 1); });
      el.querySelectorAll(".hero-stats").forEach(function (t) { size(t, FACTORS_PX); });
      el.classList.toggle("narrow", ppi * 4 < FACTORS_MIN_STAND_PX);
    });
    unclutter(function (t, px) { size(t, px); });
    return false;
  });

  // Stands' labels never overlap one another nor reach far past their stand: the stands that can
  // act first, then the others in board order, each label shown at full size where it fits, else
  // smaller, else hidden (zoomed in it shows; the stand's title and card name it meanwhile).
  function unclutter(size) {
    var shown = [];
    var labels = Array.prototype.slice.call(document.querySelectorAll("#board .stand .stand-label"));
    labels.sort(function (a, b) {
      return (b.closest(".stand").classList.contains("can-act") ? 1 : 0) - (a.closest(".stand").classList.contains("can-act") ? 1 : 0);
    });
    function clear(t) {
      var r = t.getBoundingClientRect();
      var body = t.closest(".stand").querySelector(".footprint").getBoundingClientRect();
      if (r.width > body.width + LABEL_SPILL_PX) { return null; }
      var free = !shown.some(function (o) {
        return r.left < o.right + 1 && o.left < r.right + 1 && r.top < o.bottom + 1 && o.top < r.bottom + 1;
      });
      return free ? r : null;
    }
    labels.forEach(function (t) {
      t.classList.remove("label-hidden");
      var room = clear(t);
      if (!room) { size(t, SMALL_LABEL_PX); room = clear(t); }
      if (!room) { t.classList.add("label-hidden"); return; }
      shown.push(room);
    });
  }

  // The stand whose turn handle is nearest a press on the screen (the finger-sized hit areas of
  // neighbouring stands may overlap).
  function nearestHandle(evt) {
    var best = null, bestDistance = Infinity;
    document.querySelectorAll("#board .turn-hit").forEach(function (hit) {
      var c = new DOMPoint(parseFloat(hit.getAttribute("cx")), parseFloat(hit.getAttribute("cy"))).matrixTransform(hit.getScreenCTM());
      var d = Math.hypot(c.x - evt.clientX, c.y - evt.clientY);
      if (d < bestDistance) { best = hit; bestDistance = d; }
    });
    return best && document.querySelector('#board .stand[data-stand="' + best.getAttribute("data-turns") + '"]');
  }

  // A press on the turn handle (or its hit area) of a stand that may move: turn it (staged, not sent).
  B.onPress(function (evt) {
    var handle = evt.target.closest ? evt.target.closest("#board .stand .turn-handle, #board .turn-hit") : null;
    if (!handle) { return null; }
    var el = handle.classList.contains("turn-hit") ? nearestHandle(evt) : handle.closest(".stand");
    if (!el || !canMove(el.getAttribute("data-stand"))) { return null; }
    startStage(el);
    return {
      move: function (e) {
        var p = B.point(e);
        stage.facing = normal(Math.atan2(p[0] - stage.x, p[1] - stage.y) * 180 / Math.PI);
        draw();
        ask();
      },
      end: function () { draw(); ask(); },
      cancel: function () { clearStage(); }
    };
  }, 30);

  // A press on a stand that may move: drag it; release sends (onto an enemy stand: a charge).
  B.onPress(function (evt, point) {
    var el = evt.target.closest ? evt.target.closest("#board .stand") : null;
    if (!el || !canMove(el.getAttribute("data-stand"))) { return null; }
    var s = startStage(el);
    var start = point, base = [stage.x, stage.y], dragging = false;
    // The centre's path: from the stand, through the legs already staged, on along the drag.
    var path = [[s.x, s.y]].concat(stage.corners);
    if (B.dist(base, path[path.length - 1]) > 0) { path.push(base); }
    var legs = maxLegs(s.id);
    return {
      move: function (e) {
        var p = B.point(e);
        var here = [base[0] + p[0] - start[0], base[1] + p[1] - start[1]];
        if (!dragging && B.dist(here, base) < DRAG_START) { return; }
        if (!dragging) { P.clearFlash(); } // a new attempt: the last refusal's toast goes
        dragging = true;
        stage.released = false;
        if (B.dist(here, path[path.length - 1]) >= SAMPLE) { path.push(here); }
        var enemy = standAt(p, s.id);
        stage.target = enemy && enemy.side !== s.side ? enemy : null;
        stage.corners = cornersOf(path.concat([here]), legs);
        stage.x = here[0];
        stage.y = here[1];
        draw();
        ask();
      },
      end: function () {
        if (!dragging) {
          if (stage.x === s.x && stage.y === s.y && stage.facing === s.facing) { clearStage(); }
          B.tap(el, point);
          return;
        }
        sendStage();
      },
      cancel: function () { clearStage(); }
    };
  }, 20);

  // The keyboard on a focused stand: arrows move, Q / E turn, Enter sends, Escape puts it back.
  document.addEventListener("keydown", function (evt) {
    var el = evt.target.closest ? evt.target.closest("#board .stand") : null;
    if (!el || !canMove(el.getAttribute("data-stand"))) { return; }
    var arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    var step = evt.shiftKey ? KEY_STEP / 4 : KEY_STEP, turn = evt.shiftKey ? 5 : KEY_TURN;
    var key = evt.key.toLowerCase();
    if (arrows[evt.key] || key === "q" || key === "e") {
      evt.preventDefault();
      evt.stopImmediatePropagation();
      startStage(el);
      if (arrows[evt.key]) {
        stage.corners = []; // the keys move it in one straight leg
        stage.x += arrows[evt.key][0] * step;
        stage.y += arrows[evt.key][1] * step;
      } else {
        stage.facing = normal(stage.facing + (key === "e" ? turn : -turn));
      }
      draw();
      ask();
      return;
    }
    if (evt.key === "Enter" && stage && stage.stand.id === el.getAttribute("data-stand")) {
      evt.preventDefault();
      evt.stopImmediatePropagation();
      sendStage();
    }
    if (evt.key === "Escape" && stage) { clearStage(); }
  }, true);

  // Enter or Space on a stand or a loose hero not being moved taps it: its card, or one's own stand
  // selected, or the selected stand aimed at that enemy (as a tap does).
  document.addEventListener("keydown", function (evt) {
    if (evt.key !== "Enter" && evt.key !== " ") { return; }
    var el = evt.target.closest ? evt.target.closest("#board .stand, #board .mass-hero") : null;
    if (!el) { return; }
    evt.preventDefault();
    B.tap(el, null, true);
  });

  // ---- heroes: detach, move, attach, charge ----------------------------------------------------

  // A hero dragged: his badge off his stand (detach), or a loose hero along a path (its corners
  // kept), onto a friendly stand (attach) or an enemy loose hero (charge).
  function heroGesture(el, heroId, attached, start) {
    var dragging = false, heard = null, lastPoint = null, gesture;
    var info = attached ? null : B.pieceInfo(el);
    var points = attached ? [] : [[info.x, info.y]];
    gesture = {
      move: function (e) {
        var p = B.point(e);
        if (!dragging && B.dist(p, start) < DRAG_START) { return; }
        if (!dragging) { P.clearFlash(); }
        dragging = true;
        if (!attached && !e.replay && B.dist(p, points[points.length - 1]) >= SAMPLE) { points.push(p); }
        var g = B.layer("mass-preview");
        g.setAttribute("class", "mass-preview");
        g.appendChild(B.el("circle", { "class": "ghost", cx: p[0], cy: p[1], r: 0.5 }));
        if (!attached) {
          g.appendChild(B.el("polyline", { "class": "ghost", points: polygonPoints(points.concat([p])), fill: "none" }));
        }
        var friend = standAt(p);
        var note = "Release beyond an edge of the stand to step out there";
        if (actionOf("place_hero", "hero", heroId).length) {
          note = friend && friend.side === el.closest("[data-side]").getAttribute("data-side") ? "Join " + friend.name : "Stand here, loose";
        }
        else if (!attached) {
          // The referee's own answer: the way's length against his Move, or why not.
          var command = looseCommand(heroId, info, p, B.simplify(points.concat([p]), SIMPLIFY).slice(1));
          var key = JSON.stringify(command);
          note = heard && heard.key === key ? heardNote(heard.answer, friend && friend.side === info.side ? friend : null) : "…";
          B.preview(command, function (answer) {
            heard = { key: key, answer: answer };
            if (dragging && lastPoint) { gesture.move({ clientX: lastPoint[0], clientY: lastPoint[1], replay: true }); }
          });
        }
        if (!e.replay) { lastPoint = [e.clientX, e.clientY]; }
        g.setAttribute("class", "mass-preview" + (heard && !heard.answer.ok && note === heard.answer.message ? " refused" : ""));
        B.label(g, "drag-label", p, 0.6, [note], "drag-distance");
      },
      end: function (e) {
        var dragged = dragging;
        dragging = false;
        B.clearLayer("mass-preview");
        if (!dragged) { B.tap(el, start); return; }
        var p = B.point(e);
        var path = attached ? [] : B.simplify(points.concat([p]), SIMPLIFY).slice(1);
        heroDrop(heroId, attached, info, p, path);
      },
      cancel: function () { dragging = false; B.clearLayer("mass-preview"); }
    };
    return gesture;
  }

  function heardNote(answer, joining) {
    if (!answer.ok) { return answer.message; }
    var said = answer.length.toFixed(1) + '" of ' + answer.allowance + '"';
    return joining ? "Join " + joining.name + " (" + said + ")" : said;
  }

  function heroDrop(heroId, attached, info, p, drawn) {
    var side = attached ? null : info.side;
    var stand = standAt(p);
    if (actionOf("place_hero", "hero", heroId).length) {
      // Deployment: on one of his stands he joins it, anywhere else he stands loose there.
      send({ type: "place_hero", hero: heroId, at: [round(p[0]), round(p[1])] });
      return;
    }
    if (attached) {
      var carrierEl = document.querySelector('#board .hero-badge[data-hero="' + heroId + '"]').closest(".stand");
      var carrier = carrierEl.getAttribute("data-stand");
      if (stand && stand.id === carrier) { return; }
      var edge = edgeToward(standInfo(carrierEl), p);
      if (!legal().some(function (a) { return a.command.type === "detach" && a.command.hero === heroId; }) &&
          legal().some(function (a) { return a.command.type === "activate" && a.command.stand === carrier; })) {
        // A hero leaves at the start of his stand's activation: activate it, then detach him.
        detachAfter = { hero: heroId, edge: edge };
        send({ type: "activate", stand: carrier });
        return;
      }
      send(detachCommand(heroId, edge));
      return;
    }
    send(looseCommand(heroId, info, p, drawn));
  }

  // What a loose hero dropped at `p` along the path `drawn` does: join a friendly stand he is
  // dropped on, charge an enemy loose hero (into base contact on the side he comes from), or move.
  function looseCommand(heroId, info, p, drawn) {
    var stand = standAt(p);
    if (stand && stand.side === info.side) {
      var join = legal().filter(function (a) { return a.command.type === "attach" && a.command.hero === heroId && a.command.stand === stand.id; })[0];
      return withDefaults(join, { type: "attach", hero: heroId, stand: stand.id });
    }
    var foe = looseAt(p, heroId);
    var path = drawn.map(function (q) { return [round(q[0]), round(q[1])]; });
    if (foe && foe.side !== info.side) {
      var charge = legal().filter(function (a) { return a.command.type === "charge_hero" && a.command.hero === heroId && a.command.target === foe.id; })[0];
      var from = path.length > 1 ? path[path.length - 2] : [info.x, info.y];
      var dx = from[0] - foe.x, dy = from[1] - foe.y, len = Math.hypot(dx, dy) || 1, reach = info.r + foe.r;
      path = path.slice(0, -1).concat([[round(foe.x + dx / len * reach), round(foe.y + dy / len * reach)]]);
      return withDefaults(charge, { type: "charge_hero", hero: heroId, target: foe.id, path: path });
    }
    var move = legal().filter(function (a) { return a.command.type === "move_hero" && a.command.hero === heroId; })[0];
    return withDefaults(move, { type: "move_hero", hero: heroId, path: path });
  }

  // The edge of a stand a point is beyond (§6.3: a detaching hero steps out where he is dropped).
  function edgeToward(s, point) {
    var t = s.facing * Math.PI / 180, dx = point[0] - s.x, dy = point[1] - s.y;
    var along = dx * Math.cos(t) - dy * Math.sin(t), ahead = dx * Math.sin(t) + dy * Math.cos(t);
    if (Math.abs(ahead) / (s.d / 2) > Math.abs(along) / (s.w / 2)) { return ahead > 0 ? "front" : "rear"; }
    return along > 0 ? "right" : "left";
  }

  // Detach at that edge if the referee offers it there, else where it offers first.
  function detachCommand(heroId, edge) {
    var action = legal().filter(function (a) { return a.command.type === "detach" && a.command.hero === heroId; })[0];
    var spec = action && action.params && action.params.edge;
    var offered = spec && spec.options.some(function (o) { return o.value === edge; });
    return offered ? { type: "detach", hero: heroId, edge: edge } : { type: "detach", hero: heroId };
  }

  function heroCanAct(heroId, attached) {
    var badge = attached && document.querySelector('#board .hero-badge[data-hero="' + heroId + '"]');
    var carrier = badge && badge.closest(".stand").getAttribute("data-stand");
    return legal().some(function (a) {
      if (attached && a.command.type === "activate" && a.command.stand === carrier) { return true; }
      if (a.command.hero !== heroId) { return false; }
      if (a.command.type === "place_hero") { return true; }
      return attached ? a.command.type === "detach" : ["move_hero", "attach", "charge_hero"].indexOf(a.command.type) >= 0;
    });
  }

  B.onPress(function (evt, point) {
    var badge = evt.target.closest ? evt.target.closest("#board .hero-badge") : null;
    var loose = evt.target.closest ? evt.target.closest("#board .mass-hero") : null;
    var el = badge || loose;
    if (!el) { return null; }
    var heroId = el.getAttribute("data-hero");
    if (!heroCanAct(heroId, !!badge)) { return null; }
    return heroGesture(el, heroId, !!badge, point);
  }, 40);

  // A tap on one's own stand selects it (and opens its actions); then a tap on an enemy stand shoots
  // at it in the Shoot phase, or charges it: the referee says why not when it may not.
  B.on("tap", function (detail) {
    var piece = detail.piece;
    if (!piece || !P.myDecision()) { return false; }
    var selected = P.selected();
    if (P.actionsFor(piece.id).length) {
      P.select(selected === piece.id && !detail.keyboard ? null : piece.id);
      return false;
    }
    var mine = selected && document.querySelector('#board .stand[data-stand="' + selected + '"]');
    if (!mine || !piece.el.classList.contains("stand") || piece.side === mine.getAttribute("data-side")) { return false; }
    var kinds = ["shoot", "charge"].filter(function (kind) { return actionOf(kind, "stand", selected).length; });
    if (!kinds.length) { return false; }
    var aimed = legal().filter(function (a) {
      return a.command.type === kinds[0] && a.command.stand === selected && a.command.target === piece.id;
    })[0];
    send(withDefaults(aimed, { type: kinds[0], stand: selected, target: piece.id }));
    return true;
  });

  // A hero escaping his destroyed stand may stand loose where his owner taps (the panel offers
  // the stands he may join instead).
  B.on("tap", function (detail) {
    if (detail.piece || !detail.point) { return false; }
    var place = legal().filter(function (a) { return a.command.type === "place_escaped" && a.params && a.params.point; })[0];
    if (!place) { return false; }
    send(Object.assign({}, place.command, { point: [round(detail.point[0]), round(detail.point[1])] }));
    return true;
  });

  // ---- after each push ------------------------------------------------------------------------

  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    if (evt.detail.message.indexOf("flash error") >= 0) { detachAfter = null; }
    if (evt.detail.message.indexOf('id="battle-seq"') >= 0) {
      clearStage();
      var after = detachAfter;
      detachAfter = null;
      if (after && legal().some(function (a) { return a.command.type === "detach" && a.command.hero === after.hero; })) {
        send(detachCommand(after.hero, after.edge));
      }
    }
  });
})();
