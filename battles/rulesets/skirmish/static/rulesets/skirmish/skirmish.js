// The skirmish game on the battle page: a player drags a token (or moves it with the arrow keys)
// or taps a target, and the gesture becomes one of the legal actions the server embedded in the
// panel (#legal-actions), so new kinds of action need no new code here; a gesture that matches
// none is sent as the command it means, so the referee answers why not, in its own words.
// While dragging, the referee's own preview (board.js's BeaconBoard.preview, the /preview/
// endpoint, rules_core.skirmish.preview) says what the command the drop would send would do: the
// path the model will follow (a charge ends in base contact), the Move it uses against the Move it
// has, or the refusal in its figures. The command sent on release is the command previewed.
(function () {
  "use strict";

  var B = window.BeaconBoard;
  var P = window.BeaconPage;
  var DRAG_START = 0.3; // inches the pointer must travel before a press becomes a drag
  var SAMPLE = 0.25; // inches between recorded points of a dragged path
  var STRAIGHT = 0.01; // inches a recorded point may stray from a straight run and still be dropped
  var MAX_POINTS = 60; // the referee takes 64 waypoints; past this the last leg goes straight
  var KEY_STEP = 1; // inches an arrow key moves a model (Shift: a quarter of that)

  var LONG_PRESS_MS = 500; // a press held this long without moving picks the model for a group
  var FOLLOW_GAP = 0.1; // inches between bases of a file following its leader
  var TURN_STEP = 15; // degrees a Warband turns as a block in deployment (Q, E)

  var drag = null;
  var moved = []; // the tokens left where they were dropped until the server answers
  var picked = []; // models picked to move together (Shift-click, Shift-drag a box, a long press)
  var following = false; // "Follow the leader": the others walk the dragged model's path in a file

  function boardNumber(name, fallback) {
    var el = document.getElementById("board");
    var value = el ? parseFloat(el.getAttribute(name)) : NaN;
    return isNaN(value) ? fallback : value;
  }

  function tokenById(id) { return document.querySelector('#board .token[data-model="' + id + '"]'); }

  function paramsOfType(action, type) {
    return Object.keys(action.params || {}).filter(function (name) { return action.params[name].type === type; });
  }

  function round(point) { return [Math.round(point[0] * 100) / 100, Math.round(point[1] * 100) / 100]; }

  function contactPoint(mover, target, toward) {
    // Where the mover's base touches the target's, on the side of `toward`.
    var dx = toward[0] - target.x, dy = toward[1] - target.y, len = Math.hypot(dx, dy);
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

  // The path a gesture sends. A drop sends the corners drawn and the point dropped on: the referee
  // puts the charger in contact at the legal place nearest it (rules_core/contact.py). A drop deep
  // inside the target's base is moved out from its centre to the edge, the side it was dropped on;
  // a tap aims at the side facing the charger.
  function gesturePath(mover, target, points) {
    if (!points) { return target ? [round(contactPoint(mover, target, [mover.x, mover.y]))] : null; }
    var path = points.slice(1);
    var drop = path[path.length - 1];
    if (target && B.dist(drop, [target.x, target.y]) < mover.r + target.r - boardNumber("data-charge-snap", 0)) {
      path[path.length - 1] = contactPoint(mover, target, drop);
    }
    return path.map(round);
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
        command[name] = P.option(action, name, spec.default);
      } else {
        return null;
      }
    }
    return command;
  }

  function requiredChoices(action) {
    return paramsOfType(action, "choice").filter(function (name) { return action.params[name].default === undefined; });
  }

  // The actions of `mover` that a gesture could mean: aimed at `target`, or a plain move/place.
  function gestureActions(mover, target, dragged) {
    return P.actionsFor(mover.id).filter(function (a) {
      var onBoard = paramsOfType(a, "path").length + paramsOfType(a, "point").length > 0;
      if (target) { return choiceTaking(a, target.id) !== undefined; }
      return dragged && onBoard && requiredChoices(a).length === 0;
    });
  }

  // What a gesture means: {command} to send, {offer} when the panel must ask which one, {refused}
  // with why, or null when it means nothing.
  function meaning(mover, target, points) {
    var candidates = gestureActions(mover, target, !!points);
    var commands = candidates.map(function (a) { return buildCommand(a, mover, target, points); })
      .filter(function (c) { return c; });
    if (commands.length === 1) { return { command: commands[0] }; }
    if (candidates.length > 1 || (candidates.length === 1 && !commands.length)) { return { offer: true }; }
    if (target) {
      // Aimed at an enemy it may not charge or shoot now: send what the gesture means and the
      // referee says why not, in its own figures ("Gothmog is 7.2" away; ...'s Move is 6"").
      var meant = intendedAgainst(mover, target, points);
      if (meant) { return { command: meant }; }
      return points ? { refused: mover.name + " cannot target " + target.name + " now." } : null;
    }
    if (points) { return { refused: P.myDecision() ? mover.name + " cannot be moved now." : "It is not your decision now." }; }
    return null;
  }

  // Carry out a gesture; what it did: "sent", "offered", "refused", or false for nothing.
  function act(mover, target, points) {
    var meant = meaning(mover, target, points);
    if (!meant) { return false; }
    if (meant.command) { return P.send(meant.command) && "sent"; }
    if (meant.offer) { P.offerInPanel(mover.id, target); return "offered"; }
    P.flash(meant.refused);
    return "refused";
  }

  // What a gesture from `mover` at an enemy means when no legal action matches it: a charge while
  // it may move, a shot in the Shoot phase; null when it means nothing now.
  function intendedAgainst(mover, target, points) {
    if (!P.myDecision()) { return null; }
    var panel = document.getElementById("decision-panel");
    if (P.actionsFor(mover.id).some(function (a) { return a.command.type === "move"; })) {
      return { type: "charge", model: mover.id, target: target.id, path: gesturePath(mover, target, points) };
    }
    if (panel.getAttribute("data-pending-kind") === "shoot" && !points) {
      return { type: "shoot", model: mover.id, target: target.id };
    }
    return null;
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

  function inches(value, most) {
    // Near the limit two decimals show which side of it a path falls.
    return (most && Math.abs(value - most) <= 0.15 ? value.toFixed(2) : value.toFixed(1)) + '"';
  }

  // Record a point of the path drawn. Points are only ever added, or the last one moved on along a
  // straight run (every point it passed staying within STRAIGHT of it), so the path drawn so far
  // never changes as the drag goes on: the path shown, previewed and sent is the one drawn.
  function record(point) {
    var points = drag.points, n = points.length;
    var run = drag.run.concat([points[n - 1]]);
    var straight = n >= 2 && run.every(function (q) { return B.segmentDistance(q, points[n - 2], point) <= STRAIGHT; });
    if (straight || n >= MAX_POINTS) {
      drag.run = straight ? run : [];
      points[n - 1] = point;
    } else {
      drag.run = [];
      points.push(point);
    }
  }

  // The path a drag would send: the points drawn, then where the pointer is.
  function draggedPoints() {
    var last = drag.points[drag.points.length - 1];
    return B.dist(last, drag.here) < 1e-6 ? drag.points.slice() : drag.points.concat([drag.here]);
  }

  // The gesture as the drop would make it now, and the referee's preview of its command.
  function stageDrag() {
    var points = drag.keyboard ? [[drag.mover.x, drag.mover.y], drag.here] : draggedPoints();
    var target = drag.group ? null : targetAt(drag.here, drag.mover);
    drag.target = target;
    drag.sent = points;
    drag.meant = drag.group ? { command: groupCommand(points) } : meaning(drag.mover, target, points);
    var command = drag.meant && drag.meant.command;
    drag.key = command ? JSON.stringify(command) : "";
    if (command && (command.type === "move" || command.type === "charge" || command.type === "move_group")) {
      var key = drag.key;
      B.preview(command, function (answer) {
        if (!drag || drag.key !== key) { return; }
        drag.answer = answer;
        drag.answerFor = key;
        drawDrag();
      });
    }
    drawDrag();
  }

  function drawDrag() {
    var g = B.layer("drag-overlay");
    var answer = drag.answerFor === drag.key ? drag.answer : null;
    if (drag.group) {
      drawGroup(g, answer && answer.ok ? answer : null, !!answer);
      if (answer && !answer.ok) { B.label(g, "drag-label", drag.here, drag.mover.r, [answer.message], "drag-distance"); }
      return;
    }
    var refused = answer && !answer.ok;
    var shown = answer && answer.ok ? answer.path : drag.sent || [];
    g.appendChild(B.el("polyline", {
      "class": "drag-path" + (refused ? " too-far" : ""),
      points: shown.map(function (p) { return p[0] + "," + p[1]; }).join(" "),
      "data-testid": "drag-path"
    }));
    var label = "", aside = "";
    if (answer && answer.ok) {
      label = inches(answer.length, answer.allowance) + " of " + answer.allowance + '"';
      if (answer.then) { aside = "then: " + answer.then; }
      (answer.terrain || []).forEach(function (note) {
        // Where the move meets each wall, rock face, hill or wood: what it costs and needs there.
        g.appendChild(B.el("circle", {
          "class": "drag-crossing test-" + (note.test || "none"), cx: note.at[0], cy: note.at[1], r: 0.35,
          "data-testid": "drag-crossing"
        }));
        if (note.test === "jump" || note.test === "climb" || note.test === "refused") {
          B.label(g, "drag-note", note.at, 0.4, [note.says], "drag-note");
          if (!aside) { aside = note.says; }
        }
      });
    } else if (refused) {
      label = answer.message.length > 60 ? answer.message.slice(0, 60) + "…" : answer.message;
      drawBlocking(g, answer);
    } else if (drag.meant && drag.meant.refused) {
      label = drag.meant.refused;
    } else {
      label = "…";
    }
    if (drag.target) {
      aside = "onto " + drag.target.name + winChance(drag.mover, drag.target);
    } else if (!aside) {
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

  // ---- several models moved together ---------------------------------------------------------

  // Moving several models (the Move phase) or placing a Warband as a block (deployment).
  function groupAction() {
    return P.legal().filter(function (a) { return a.kind === "move_group" || a.kind === "place_warband"; })[0] || null;
  }

  function placing() { var action = groupAction(); return !!action && action.kind === "place_warband"; }

  function mayJoin(id) {
    var action = groupAction();
    var param = action && (action.params.moves || action.params.places);
    return !!param && param.models.indexOf(id) >= 0;
  }

  function showPicked() {
    picked = picked.filter(mayJoin);
    document.querySelectorAll("#board .token.picked").forEach(function (t) { t.classList.remove("picked"); });
    picked.forEach(function (id) { var t = tokenById(id); if (t) { t.classList.add("picked"); } });
    var bar = document.getElementById("group-bar");
    if (!bar) { return; }
    bar.hidden = !groupAction();
    bar.querySelector("[data-testid=picked-count]").textContent = picked.length ? picked.length + " picked" : "None picked";
    bar.querySelector("[data-group=clear]").textContent = picked.length ? "Clear (" + picked.length + ")" : "Clear";
    var follow = bar.querySelector("[data-group=follow]");
    follow.hidden = placing();
    follow.setAttribute("aria-pressed", following ? "true" : "false");
    bar.querySelectorAll("[data-group^=turn]").forEach(function (b) { b.hidden = !placing(); b.disabled = picked.length < 2; });
  }

  // "All of this Warband": every model of the selected (or first picked) model's Warband that may go.
  function pickWarband() {
    var id = P.selected() || picked[0];
    var token = id && tokenById(id);
    var warband = token && token.getAttribute("data-warband");
    if (!warband) { P.flash("Select a model of the Warband first."); return; }
    document.querySelectorAll('#board .token[data-warband="' + warband + '"]').forEach(function (t) {
      var model = t.getAttribute("data-model");
      if (mayJoin(model) && picked.indexOf(model) < 0) { picked.push(model); }
    });
    showPicked();
  }

  // Turn the picked Warband about its Captain (a Hero picked, else the block's middle) by `degrees`,
  // clockwise as the board is drawn; sent at once: the referee checks every model where it lands.
  function turnBlock(degrees) {
    var members = picked.map(B.piece).filter(Boolean);
    if (!placing() || members.length < 2) { return; }
    var captain = members.filter(function (m) { return m.el.classList.contains("hero"); })[0];
    var pivot = captain ? [captain.x, captain.y] : [
      members.reduce(function (s, m) { return s + m.x; }, 0) / members.length,
      members.reduce(function (s, m) { return s + m.y; }, 0) / members.length
    ];
    var a = degrees * Math.PI / 180, cos = Math.cos(a), sin = Math.sin(a);
    P.send({
      type: "place_warband",
      places: members.map(function (m) {
        var dx = m.x - pivot[0], dy = m.y - pivot[1];
        return { model: m.id, at: round([pivot[0] + dx * cos - dy * sin, pivot[1] + dx * sin + dy * cos]) };
      })
    });
  }

  function togglePicked(id) {
    if (!mayJoin(id)) { return; }
    var at = picked.indexOf(id);
    if (at >= 0) { picked.splice(at, 1); } else { picked.push(id); }
    showPicked();
  }

  // The group a drag of `mover` moves: the models picked, when it is one of two or more.
  function dragGroup(mover) {
    return picked.length >= 2 && picked.indexOf(mover.id) >= 0 ? picked.map(B.piece).filter(Boolean) : null;
  }

  // Each member's path: the leader's, shifted to start where the member stands; in deployment each
  // member's place, shifted as the dragged one is; with "Follow the leader", a file along its path.
  function groupCommand(points) {
    var leader = drag.mover;
    if (placing()) {
      var end = points[points.length - 1];
      return {
        type: "place_warband",
        places: drag.group.map(function (m) { return { model: m.id, at: round([end[0] + m.x - leader.x, end[1] + m.y - leader.y]) }; })
      };
    }
    if (following) { return followCommand(points); }
    return {
      type: "move_group",
      moves: drag.group.map(function (m) {
        var dx = m.x - leader.x, dy = m.y - leader.y;
        return { model: m.id, path: points.slice(1).map(function (p) { return round([p[0] + dx, p[1] + dy]); }) };
      })
    };
  }

  // The leader goes along the path drawn; the others, nearest to where he started first, each go
  // straight to that place, then on along his path, and stop in a file a base behind the one ahead,
  // or where their Move runs out. The referee moves each in turn (one whose way is blocked by one
  // still to go waits for it).
  function followCommand(points) {
    var leader = drag.mover, start = points[0];
    var moves = [{ model: leader.id, path: points.slice(1).map(round) }];
    var others = drag.group.filter(function (m) { return m.id !== leader.id; });
    others.sort(function (p, q) { return B.dist([p.x, p.y], start) - B.dist([q.x, q.y], start); });
    var behind = 0, ahead = leader;
    others.forEach(function (m) {
      behind += ahead.r + m.r + FOLLOW_GAP;
      var path = pathShort([[m.x, m.y]].concat(points), behind, parseFloat(m.el.getAttribute("data-move")) || Infinity);
      if (path) { moves.push({ model: m.id, path: path.map(round) }); }
      ahead = m;
    });
    if (moves.length === 1) { return { type: "move", model: leader.id, path: moves[0].path }; }
    return { type: "move_group", moves: moves };
  }

  // The waypoints along `chain` (after its first point) up to `short` inches before its end, and
  // no further than `most` (the model's Move); null when that is not beyond the start. At most 64
  // waypoints, as the referee takes.
  function pathShort(chain, short, most) {
    var total = 0, i;
    for (i = 1; i < chain.length; i++) { total += B.dist(chain[i - 1], chain[i]); }
    var want = Math.min(total - short, most - 0.01);
    if (want <= 0.05) { return null; }
    var path = [], walked = 0;
    for (i = 1; i < chain.length; i++) {
      var leg = B.dist(chain[i - 1], chain[i]);
      if (walked + leg >= want) {
        var t = leg ? (want - walked) / leg : 0;
        path.push([chain[i - 1][0] + (chain[i][0] - chain[i - 1][0]) * t, chain[i - 1][1] + (chain[i][1] - chain[i - 1][1]) * t]);
        break;
      }
      path.push(chain[i]);
      walked += leg;
    }
    return path.length > 64 ? path.slice(path.length - 64) : path;
  }

  function groupMoves(command) {
    if (command.type === "move") { return [{ model: command.model, path: command.path }]; }
    return command.moves || command.places.map(function (p) { return { model: p.model, path: [p.at] }; });
  }

  function drawGroup(g, answer, answered) {
    var answers = {};
    ((answer && answer.moves) || []).forEach(function (a) { answers[a.model] = a; });
    if (answer && drag.meant.command.type === "move") { answers[drag.mover.id] = answer; }
    var refused = [];
    var moves = groupMoves(drag.meant.command), going = {};
    moves.forEach(function (move) { going[move.model] = true; });
    moves.forEach(function (move) {
      var member = B.piece(move.model), said = answers[move.model];
      var path = said && said.path ? said.path : [[member.x, member.y]].concat(move.path);
      g.appendChild(B.el("polyline", {
        "class": "drag-path" + (said && !said.ok ? " too-far" : ""),
        points: path.map(function (p) { return p[0] + "," + p[1]; }).join(" "),
        "data-testid": "drag-path"
      }));
      var end = said && !said.ok ? [member.x, member.y] : move.path[move.path.length - 1];
      member.el.setAttribute("transform", "translate(" + end[0] + " " + end[1] + ")");
      if (said && !said.ok) {
        refused.push(said.message);
        drawBlocking(g, said);
      }
    });
    var count = moves.length, staying = drag.group.length - count;
    var label = placing() ? count + " placed" : answer ? (count - refused.length) + " of " + count + " move" : answered ? "" : "…";
    if (staying > 0 && !placing()) { refused.push(staying + " stay where they are (too far back in the file)"); }
    B.label(g, "drag-label", drag.here, drag.mover.r, [label, refused[0] || ""], "drag-distance");
  }

  // A Shift-drag on the board draws a box: the models in it that may move together are picked.
  B.onPress(function (evt, point) {
    if (!evt.shiftKey || !groupAction() || (evt.target.closest && evt.target.closest("#board .token"))) { return null; }
    var box = null;
    return {
      move: function (e) {
        var here = B.point(e);
        box = [Math.min(point[0], here[0]), Math.min(point[1], here[1]), Math.max(point[0], here[0]), Math.max(point[1], here[1])];
        var g = B.layer("drag-overlay");
        g.appendChild(B.el("rect", { "class": "pick-box", x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1], "data-testid": "pick-box" }));
      },
      end: function () {
        B.clearLayer("drag-overlay");
        if (!box) { return; }
        B.pieces().forEach(function (p) {
          if (p.x >= box[0] && p.x <= box[2] && p.y >= box[1] && p.y <= box[3] && picked.indexOf(p.id) < 0) { togglePicked(p.id); }
        });
      },
      cancel: function () { B.clearLayer("drag-overlay"); }
    };
  }, 20);

  // What a refused preview says is in the way, outlined on the board: the model passed through
  // (or the enemy whose control zone the path enters, with that zone), or the terrain piece.
  function drawBlocking(g, answer) {
    var blocking = answer.blocking || {};
    var model = blocking.model && B.piece(blocking.model);
    if (model) {
      g.appendChild(B.el("circle", { "class": "drag-blocker", cx: model.x, cy: model.y, r: model.r + (blocking.zone || 0), "data-testid": "drag-blocker" }));
    }
    var piece = blocking.terrain && document.querySelector('#board [data-piece="' + blocking.terrain + '"]');
    if (piece) {
      g.appendChild(B.el("polygon", { "class": "drag-blocker", points: piece.getAttribute("data-points"), "data-testid": "drag-blocker" }));
    }
  }

  function putBack(tokens) {
    tokens.forEach(function (t) {
      if (t.el.isConnected) { t.el.setAttribute("transform", "translate(" + t.x + " " + t.y + ")"); }
    });
  }

  function endDrag(keepToken) {
    if (!drag) { return; }
    clearTimeout(drag.longPress);
    B.clearLayer("drag-overlay");
    if (!keepToken) { putBack(drag.group || [drag.mover]); }
    drag.mover.el.classList.remove("dragging");
    drag = null;
  }

  function startDrag(info, start) {
    drag = { mover: info, start: start, here: [info.x, info.y], points: [[info.x, info.y]], run: [], dragging: false };
  }

  function beginDragging() {
    P.clearFlash();
    clearTimeout(drag.longPress);
    drag.dragging = true;
    drag.group = dragGroup(drag.mover);
    drag.mover.el.classList.add("dragging");
    if (!drag.group) { P.select(drag.mover.id); }
  }

  // Let go: send the command the preview was of (the same path, the same target).
  function dropDrag() {
    stageDrag();
    var current = drag, meant = current.meant, result = false;
    if (meant && meant.command) {
      result = P.send(meant.command) && "sent";
    } else if (meant && meant.offer) {
      P.offerInPanel(current.mover.id, current.target);
      result = "offered";
    } else if (meant && meant.refused) {
      P.flash(meant.refused);
      result = "refused";
    }
    moved = result === "sent" ? current.group || [current.mover] : [];
    if (result === "sent" && current.group && !placing()) { picked = []; }
    endDrag(result === "sent");
  }

  // A drag of one's own model while the other side decides moves nothing: it says whose decision
  // the battle waits for (a press that stays put is still a tap, and opens the card).
  function waitingGesture(el, point) {
    var start = point, told = false;
    return {
      move: function (e) {
        if (told || B.dist(B.point(e), start) < DRAG_START) { return; }
        told = true;
        var waiting = document.querySelector("#decision-panel [data-testid=waiting]");
        P.flash("Not your decision now" + (waiting ? ": " + waiting.textContent.replace(/\s+/g, " ").trim() : "."));
      },
      end: function () { if (!told) { B.tap(el, point); } },
      cancel: function () {}
    };
  }

  // A press on one of the player's own tokens that can act: drag it (a press that stays put is a tap).
  B.onPress(function (evt, point) {
    var el = evt.target.closest("#board .token");
    var audience = document.querySelector("[data-audience]");
    if (el && !P.myDecision() && audience && el.getAttribute("data-side") === audience.getAttribute("data-audience")) {
      return waitingGesture(el, point);
    }
    if (!el || !P.actionsFor(el.getAttribute("data-model")).length) { return null; }
    var info = B.pieceInfo(el);
    startDrag(info, point);
    drag.shift = evt.shiftKey;
    drag.longPress = setTimeout(function () {
      if (drag && !drag.dragging && mayJoin(info.id)) { drag.picking = true; togglePicked(info.id); }
    }, LONG_PRESS_MS);
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
        if (B.dist(here, drag.points[drag.points.length - 1]) >= SAMPLE) { record(here); }
        stageDrag();
      },
      end: function () {
        if (!drag) { return; }
        if (!drag.dragging) {
          var picking = drag.picking, shift = drag.shift;
          endDrag(false);
          if (shift && mayJoin(info.id)) { togglePicked(info.id); } else if (!picking) { B.tap(el, point); }
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
    var selected = P.selected();
    if (!token) {
      if (selected) { P.select(null); }
      if (picked.length) { picked = []; showPicked(); }
      return false;
    }
    if (P.actionsFor(token.id).length) {
      P.select(selected === token.id && !detail.keyboard ? null : token.id);
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
    if (arrows[evt.key] && P.actionsFor(id).length) {
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
      stageDrag();
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

  // The group bar's buttons, and their keys (W, F, Q, E, Escape) away from the panel's fields.
  function groupControl(name) {
    if (!groupAction()) { return false; }
    if (name === "warband") { pickWarband(); }
    else if (name === "follow") { following = !following; showPicked(); }
    else if (name === "turn-left") { turnBlock(-TURN_STEP); }
    else if (name === "turn-right") { turnBlock(TURN_STEP); }
    else if (name === "clear") { picked = []; showPicked(); }
    else { return false; }
    return true;
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest && evt.target.closest("#group-bar [data-group]");
    if (button) { groupControl(button.getAttribute("data-group")); }
  });

  document.addEventListener("keydown", function (evt) {
    if (evt.ctrlKey || evt.metaKey || evt.altKey || drag) { return; }
    if (evt.target.closest && evt.target.closest("input, select, textarea, [contenteditable]")) { return; }
    var keys = { w: "warband", f: "follow", q: "turn-left", e: "turn-right", Escape: "clear" };
    var name = keys[evt.key] || keys[evt.key.toLowerCase()];
    if (name && (name !== "clear" || picked.length) && groupControl(name)) { evt.preventDefault(); }
  });

  showPicked();

  // A refused move puts the token back; a step redraws the board (a drag of a token gone ends).
  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var message = evt.detail.message;
    if (message.indexOf("flash error") >= 0) { putBack(moved); }
    if (message.indexOf('id="battle-seq"') >= 0) {
      moved = [];
      if (drag && !drag.mover.el.isConnected) { endDrag(false); }
    }
    showPicked();
  });
})();
