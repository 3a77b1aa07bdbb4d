// The board editor: pieces added from the palette, dragged (mouse, pen or finger), turned,
// resized, renamed and deleted; the board saved as JSON, and what the referee says of it for each
// kind of battle shown. The pieces are a setup's terrain (docs/battle-record.md): each a kind, a
// name, a polygon in inches and, for the kinds that have one, a height.
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("board-data").textContent);
  var svg = document.querySelector("[data-testid=editor-board]");
  var layer = document.getElementById("editor-pieces");
  var NS = "http://www.w3.org/2000/svg";
  var W = data.width, H = data.height;
  var pieces = data.terrain.map(function (p) { return JSON.parse(JSON.stringify(p)); });
  var selected = -1;
  var boardId = data.id;

  // The shape a new piece of each kind starts as: an outline round its centre, or a line.
  var STARTS = {
    wood: ["blob", 4, 3.5], hill: ["blob", 5, 4], rocks: ["blob", 2, 1.7], rubble: ["blob", 3, 2],
    lake: ["blob", 3, 2], ruin: ["box", 5, 4], building: ["box", 4, 3.5],
    wall: ["line", 6, 0.3], fence: ["line", 6, 0.2], hedge: ["line", 6, 0.6], river: ["line", 14, 3]
  };
  var WOBBLE = [1.0, 0.86, 1.08, 0.93, 1.04, 0.9, 1.1, 0.95, 1.02, 0.88, 1.06, 0.97];

  function round(v) { return Math.round(v * 100) / 100; }

  function shape(kind, cx, cy) {
    var s = STARTS[kind] || ["blob", 3, 3];
    if (s[0] === "blob") {
      var points = [];
      for (var k = 0; k < 12; k++) {
        var t = 2 * Math.PI * k / 12;
        points.push([round(cx + s[1] * WOBBLE[k] * Math.cos(t)), round(cy + s[2] * WOBBLE[k] * Math.sin(t))]);
      }
      return points;
    }
    var hw = s[1] / 2, hd = s[2] / 2;
    return [[cx - hw, cy - hd], [cx + hw, cy - hd], [cx + hw, cy + hd], [cx - hw, cy + hd]].map(function (p) {
      return [round(p[0]), round(p[1])];
    });
  }

  function centre(p) {
    var x = 0, y = 0;
    p.polygon.forEach(function (q) { x += q[0]; y += q[1]; });
    return [x / p.polygon.length, y / p.polygon.length];
  }

  function hasHeight(p) {
    var kind = data.kinds[p.kind] || {};
    return kind.barrier || kind.raised || p.kind === "building" || p.kind === "wood" || p.kind === "ruin";
  }

  function label(p) {
    var kind = data.kinds[p.kind] || {};
    var high = (kind.barrier || kind.raised) && p.height;
    return p.name + " (" + (kind.label || p.kind).toLowerCase() + (high ? ", " + p.height + '" high' : "") + ")";
  }

  // ---- drawing ------------------------------------------------------------------------------

  function render() {
    while (layer.firstChild) { layer.removeChild(layer.firstChild); }
    pieces.forEach(function (p, index) {
      var g = document.createElementNS(NS, "g");
      g.setAttribute("class", "terrain-piece editable" + (index === selected ? " selected" : ""));
      g.setAttribute("data-testid", "terrain");
      g.setAttribute("data-index", String(index));
      g.setAttribute("data-kind", p.kind);
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", label(p) + (index === selected ? ", selected" : ""));
      var poly = document.createElementNS(NS, "polygon");
      poly.setAttribute("class", "terrain kind-" + p.kind);
      poly.setAttribute("points", p.polygon.map(function (q) { return q[0] + "," + q[1]; }).join(" "));
      var title = document.createElementNS(NS, "title");
      title.textContent = label(p);
      poly.appendChild(title);
      g.appendChild(poly);
      var kind = data.kinds[p.kind] || {};
      if ((kind.barrier || kind.raised) && p.height) {
        var c = centre(p);
        var text = document.createElementNS(NS, "text");
        text.setAttribute("class", "terrain-height");
        text.setAttribute("x", c[0]);
        text.setAttribute("y", c[1]);
        text.textContent = p.height + '"';
        g.appendChild(text);
      }
      layer.appendChild(g);
    });
    showSelected();
  }

  function showSelected() {
    var box = document.getElementById("selected-piece");
    var p = pieces[selected];
    box.disabled = !p;
    document.getElementById("piece-kind").textContent = p ? label(p) : "none";
    document.getElementById("piece-name").value = p ? p.name : "";
    var height = document.getElementById("piece-height");
    height.value = p && p.height != null ? p.height : "";
    height.disabled = !p || !hasHeight(p);
  }

  function select(index) {
    selected = index;
    render();
    var g = layer.querySelector('[data-index="' + index + '"]');
    if (g) { g.focus(); }
  }

  // ---- changing pieces ----------------------------------------------------------------------

  function add(kind) {
    var k = data.kinds[kind];
    var count = pieces.filter(function (p) { return p.kind === kind; }).length;
    var offset = (count % 5) * 2;
    var p = { kind: kind, name: k.label + (count ? " " + (count + 1) : ""), polygon: shape(kind, W / 2 + offset, H / 2 + offset) };
    if (k.height != null) { p.height = k.height; }
    pieces.push(p);
    select(pieces.length - 1);
  }

  function transform(p, fn) {
    var c = centre(p);
    p.polygon = p.polygon.map(function (q) {
      var r = fn(q[0] - c[0], q[1] - c[1]);
      return [round(c[0] + r[0]), round(c[1] + r[1])];
    });
    keepOnBoard(p);
  }

  function move(p, dx, dy) {
    p.polygon = p.polygon.map(function (q) { return [round(q[0] + dx), round(q[1] + dy)]; });
    keepOnBoard(p);
  }

  function keepOnBoard(p) {
    var xs = p.polygon.map(function (q) { return q[0]; }), ys = p.polygon.map(function (q) { return q[1]; });
    var dx = Math.max(0, -Math.min.apply(null, xs)) - Math.max(0, Math.max.apply(null, xs) - W);
    var dy = Math.max(0, -Math.min.apply(null, ys)) - Math.max(0, Math.max.apply(null, ys) - H);
    if (dx || dy) {
      p.polygon = p.polygon.map(function (q) { return [round(q[0] + dx), round(q[1] + dy)]; });
    }
  }

  function act(what) {
    var p = pieces[selected];
    if (!p) { return; }
    if (what === "delete") {
      pieces.splice(selected, 1);
      selected = -1;
      render();
      return;
    }
    if (what === "left" || what === "right") {
      var a = (what === "left" ? -15 : 15) * Math.PI / 180;
      transform(p, function (x, y) { return [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]; });
    } else {
      var f = what === "grow" ? 1.15 : 1 / 1.15;
      transform(p, function (x, y) { return [x * f, y * f]; });
    }
    select(selected);
  }

  document.addEventListener("click", function (evt) {
    var adder = evt.target.closest("[data-add]");
    if (adder) { add(adder.getAttribute("data-add")); return; }
    var doer = evt.target.closest("[data-do]");
    if (doer) { act(doer.getAttribute("data-do")); }
  });

  document.getElementById("piece-name").addEventListener("input", function (evt) {
    if (pieces[selected]) { pieces[selected].name = evt.target.value.slice(0, 60) || "Piece"; }
  });
  document.getElementById("piece-name").addEventListener("change", render);
  document.getElementById("piece-height").addEventListener("change", function (evt) {
    var p = pieces[selected];
    var value = parseFloat(evt.target.value);
    if (p && isFinite(value)) { p.height = Math.max(0, Math.min(50, round(value))); render(); }
  });

  // ---- dragging (pointer events: a mouse, a pen or a finger) ----------------------------------

  var drag = null;

  function toBoard(evt) {
    var pt = svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    var p = pt.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  svg.addEventListener("pointerdown", function (evt) {
    var g = evt.target.closest("[data-index]");
    if (!g) { selected = -1; render(); return; }
    var index = parseInt(g.getAttribute("data-index"), 10);
    if (index !== selected) { selected = index; render(); }
    drag = { index: index, at: toBoard(evt), pointer: evt.pointerId };
    svg.setPointerCapture(evt.pointerId);
    evt.preventDefault();
  });

  svg.addEventListener("pointermove", function (evt) {
    if (!drag || evt.pointerId !== drag.pointer) { return; }
    var now = toBoard(evt);
    move(pieces[drag.index], now[0] - drag.at[0], now[1] - drag.at[1]);
    drag.at = now;
    var poly = layer.querySelector('[data-index="' + drag.index + '"] polygon');
    if (poly) { poly.setAttribute("points", pieces[drag.index].polygon.map(function (q) { return q[0] + "," + q[1]; }).join(" ")); }
  });

  function endDrag(evt) {
    if (!drag || evt.pointerId !== drag.pointer) { return; }
    var index = drag.index;
    drag = null;
    select(index);
  }
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);

  // The keyboard: arrow keys move the selected piece half an inch (with Shift, two inches).
  svg.addEventListener("keydown", function (evt) {
    var g = evt.target.closest ? evt.target.closest("[data-index]") : null;
    if (!g) { return; }
    var index = parseInt(g.getAttribute("data-index"), 10);
    var step = evt.shiftKey ? 2 : 0.5;
    var moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (moves[evt.key]) {
      move(pieces[index], moves[evt.key][0], moves[evt.key][1]);
      select(index);
      evt.preventDefault();
    } else if (evt.key === "Enter" || evt.key === " ") {
      select(index);
      evt.preventDefault();
    } else if (evt.key === "Delete") {
      selected = index;
      act("delete");
    }
  });

  // ---- saving ---------------------------------------------------------------------------------

  function csrfToken() {
    var headers = document.body.getAttribute("hx-headers");
    return headers ? JSON.parse(headers)["X-CSRFToken"] : "";
  }

  function showChecks(reply) {
    var box = document.getElementById("board-checks");
    box.innerHTML = "";
    var head = document.createElement("p");
    head.textContent = reply.ok ? "Saved." : reply.message;
    head.setAttribute("data-testid", reply.ok ? "board-saved" : "error");
    head.className = reply.ok ? "saved" : "error";
    box.appendChild(head);
    if (!reply.checks || !reply.checks.length) { return; }
    reply.checks[0].warnings.forEach(function (text) {
      var warning = document.createElement("p");
      warning.className = "hint";
      warning.textContent = text;
      box.appendChild(warning);
    });
    var list = document.createElement("ul");
    reply.checks.forEach(function (c) {
      var li = document.createElement("li");
      var fair = !c.refusals.length;
      li.className = fair ? "fair" : "refused";
      li.textContent = c.battle + ": " + (fair ? "fair." : "refused. " + c.refusals.join(" "));
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  var saveButton = document.getElementById("save-board");
  if (saveButton) {
    saveButton.addEventListener("click", function () {
      var name = document.getElementById("board-name").value.trim();
      var body = JSON.stringify({ id: boardId, name: name, ruleset: data.ruleset, terrain: pieces });
      saveButton.disabled = true;
      fetch(data.save_url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
        body: body,
        credentials: "same-origin"
      }).then(function (r) { return r.json(); }).then(function (reply) {
        if (reply.ok) {
          boardId = reply.id;
          if (window.history && reply.url) { window.history.replaceState(null, "", reply.url); }
        }
        showChecks(reply);
      }).catch(function () {
        showChecks({ ok: false, message: "The board could not be saved: try again." });
      }).then(function () { saveButton.disabled = false; });
    });
  }

  document.getElementById("board-name").value = data.name;
  render();
})();
