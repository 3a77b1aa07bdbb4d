// The replay page (templates/battles/replay.html): its steps by keys (arrows, Home, End; Space
// plays and pauses), by the scrubber, or played one after another; each step's page replaces the
// main part (htmx), the log scrolled to the step shown and that step marked.
(function () {
  "use strict";

  var AUTOPLAY_MS = 1500;
  var timer = null;
  var on = false; // playing: kept here, as the page's main part is replaced at every step

  function nav() { return document.querySelector("[data-testid=replay-nav]"); }

  function playing() { return on; }

  function setPlaying(value) { on = value; }

  function go(step) {
    var bar = nav();
    if (!bar) { return; }
    var last = parseInt(bar.getAttribute("data-last"), 10);
    step = Math.max(0, Math.min(last, step));
    if (step === parseInt(bar.getAttribute("data-step"), 10)) { return; }
    var url = "?step=" + step;
    htmx.ajax("GET", url, { target: "main", select: "main", swap: "outerHTML" }).then(function () {
      history.pushState({}, "", url);
    });
  }

  function stop() {
    clearTimeout(timer);
    setPlaying(false);
    var button = document.querySelector("[data-testid=replay-play]");
    if (button) { button.setAttribute("aria-pressed", "false"); }
  }

  // After each step's page: the log at the step shown, and the next step if playing.
  function shown() {
    var bar = nav();
    if (!bar) { return; }
    var step = parseInt(bar.getAttribute("data-step"), 10), last = parseInt(bar.getAttribute("data-last"), 10);
    var log = document.getElementById("dice-log");
    var current = log && log.querySelector('[data-seq="' + step + '"]');
    if (current) { current.classList.add("current"); }
    if (log) { log.scrollTop = log.scrollHeight; }
    var button = document.querySelector("[data-testid=replay-play]");
    clearTimeout(timer);
    if (playing() && step < last) {
      button.setAttribute("aria-pressed", "true");
      timer = setTimeout(function () { go(step + 1); }, AUTOPLAY_MS);
    } else if (playing()) {
      stop();
    }
  }

  document.addEventListener("click", function (evt) {
    var button = evt.target.closest ? evt.target.closest("[data-testid=replay-play]") : null;
    if (button) {
      if (playing()) { stop(); } else { setPlaying(true); shown(); }
      return;
    }
    if (evt.target.closest && evt.target.closest("[data-testid=replay-nav] a")) { stop(); }
  });

  document.addEventListener("change", function (evt) {
    if (evt.target.matches && evt.target.matches("[data-testid=replay-scrubber]")) {
      stop();
      go(parseInt(evt.target.value, 10));
    }
  });

  document.addEventListener("keydown", function (evt) {
    var bar = nav();
    if (!bar || evt.ctrlKey || evt.metaKey || evt.altKey) { return; }
    if (evt.target.closest && evt.target.closest("input, select, textarea, #board")) { return; }
    var step = parseInt(bar.getAttribute("data-step"), 10), last = parseInt(bar.getAttribute("data-last"), 10);
    var to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[evt.key];
    if (evt.key === " " && !(evt.target.closest && evt.target.closest("button, a"))) {
      evt.preventDefault();
      document.querySelector("[data-testid=replay-play]").click();
      return;
    }
    if (to === undefined) { return; }
    evt.preventDefault();
    stop();
    go(to);
  });

  document.addEventListener("htmx:afterSettle", shown);
  document.addEventListener("DOMContentLoaded", function () {
    if (nav()) { shown(); }
  });
})();
