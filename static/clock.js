// The battle's clock (templates/battles/_clock.html): the server says how much time each side had
// left when it rendered the clock and whose runs; between pushes this counts the running side down
// each second, shows the flag when it reaches zero and, for a seat that may claim the win on time,
// offers the claim (the server judges it by its own clock).
(function () {
  "use strict";

  function text(left) {
    var whole = Math.max(0, Math.floor(left));
    var days = Math.floor(whole / 86400), rest = whole % 86400;
    var hours = Math.floor(rest / 3600), minutes = Math.floor((rest % 3600) / 60), secs = rest % 60;
    function two(n) { return (n < 10 ? "0" : "") + n; }
    if (days) { return days + " d " + hours + " h"; }
    return hours ? hours + ":" + two(minutes) + ":" + two(secs) : minutes + ":" + two(secs);
  }

  function tick() {
    var section = document.getElementById("clocks");
    if (!section || section.hidden) { return; }
    var now = Date.now();
    section.querySelectorAll(".clock[data-running]").forEach(function (clock) {
      if (!clock.beaconSince) { clock.beaconSince = now; }
      var left = parseFloat(clock.getAttribute("data-left")) - (now - clock.beaconSince) / 1000;
      clock.querySelector(".clock-time").textContent = text(left);
      if (left <= 0 && !clock.classList.contains("flagged")) {
        clock.classList.add("flagged");
        clock.querySelector(".clock-flag").hidden = false;
        var claim = section.querySelector(".claim-win");
        var mine = document.querySelector(".battle-page").getAttribute("data-audience");
        if (claim && mine !== clock.getAttribute("data-side")) { claim.hidden = false; }
      }
    });
  }

  document.addEventListener("htmx:oobAfterSwap", tick);
  setInterval(tick, 1000);
})();
