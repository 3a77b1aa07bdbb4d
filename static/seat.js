// What the battle page does for the holder of a seat (never for a spectator):
// - "Your decision" alerts: while the battle waits for this seat, the tab's title starts with
//   "● Your decision — " and the favicon wears a badge; when it starts waiting, a short sound if
//   the player turned it on (off unless turned on; remembered in this browser), and a browser
//   notification if the player allowed them and the tab is in the background. A takeback or
//   rematch question this seat must answer alerts it the same way ("● Your answer — ");
// - copying the seat's own link, to come back to the seat from another browser or device.
(function () {
  "use strict";

  var MARK = "● Your decision — ";
  var ASKED = "● Your answer — ";
  var SOUND_KEY = "beacon.decisionSound";
  var plainTitle = null;
  var waiting = null; // whether the battle waited for this seat when last looked at
  var asked = null; // whether an offer waited for this seat's answer when last looked at
  var audio = null;

  function remembered(key) {
    try { return window.localStorage.getItem(key); } catch (err) { return null; }
  }

  function remember(key, value) {
    try { window.localStorage.setItem(key, value); } catch (err) { /* private mode: not kept */ }
  }

  function page() { return document.querySelector(".battle-page"); }

  function mySeat() {
    var el = page();
    var audience = el && el.getAttribute("data-audience");
    return audience === "good" || audience === "evil" ? audience : null;
  }

  function waitsForMe(seat) {
    var panel = document.getElementById("decision-panel");
    return !!panel && panel.getAttribute("data-pending-side") === seat;
  }

  function question() {
    // The offer's Accept button is drawn only for the seat that answers it (templates/battles/_offers.html).
    var accept = document.querySelector("#offers [data-testid=offer-accept]");
    var text = accept && document.querySelector("#offers [data-testid=offer-question]");
    return accept ? (text ? text.textContent : "") : null;
  }

  function soundOn() { return remembered(SOUND_KEY) === "1"; }

  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return; }
    audio = audio || new Context();
    var tone = audio.createOscillator();
    var gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
  }

  function notify(title, what) {
    if (!("Notification" in window) || Notification.permission !== "granted" || !document.hidden) { return; }
    var note = new Notification(title + " — Beacon", {
      body: plainTitle + (what ? ": " + what : ""),
      tag: "beacon-" + page().getAttribute("data-battle")
    });
    note.onclick = function () { window.focus(); note.close(); };
  }

  function update(arrived) {
    var seat = mySeat();
    if (!seat) { return; }
    if (plainTitle === null) { plainTitle = document.title; }
    var now = waitsForMe(seat);
    var asking = question();
    var alert = now || asking !== null;
    document.title = asking !== null ? ASKED + plainTitle : now ? MARK + plainTitle : plainTitle;
    var icon = document.getElementById("favicon");
    if (icon) { icon.setAttribute("href", icon.getAttribute(alert ? "data-alert-href" : "data-plain-href")); }
    page().setAttribute("data-your-decision", now ? "true" : "false");
    if (arrived && asking !== null && asked === false) {
      if (soundOn()) { chime(); }
      notify("Your answer", asking);
    } else if (arrived && now && waiting === false) {
      if (soundOn()) { chime(); }
      var prompt = document.querySelector("#decision-panel .prompt");
      notify("Your decision", prompt ? prompt.textContent : "");
    }
    waiting = now;
    asked = asking !== null;
  }

  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var message = evt.detail.message;
    if (message.indexOf('id="battle-seq"') >= 0 || message.indexOf('id="offers"') >= 0) { update(true); }
  });

  document.addEventListener("change", function (evt) {
    if (evt.target.matches && evt.target.matches("[data-decision-sound]")) {
      remember(SOUND_KEY, evt.target.checked ? "1" : "0");
      if (evt.target.checked) { chime(); } // a click may start the sound; later turns need it started
    }
  });

  document.addEventListener("click", function (evt) {
    // A browser lets a page make sound only once someone has used it: make ready on the first click.
    if (!audio && soundOn() && (window.AudioContext || window.webkitAudioContext)) {
      audio = new (window.AudioContext || window.webkitAudioContext)();
    }
    var ask = evt.target.closest && evt.target.closest("[data-notify-permission]");
    if (ask && "Notification" in window) {
      Notification.requestPermission().then(showNotifyButton);
      return;
    }
    var copy = evt.target.closest && evt.target.closest("[data-copy-seat-link]");
    if (copy) {
      var field = document.querySelector("[data-seat-link]");
      var done = function () { copy.textContent = "Copied"; };
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand("copy"); done(); });
      } else {
        document.execCommand("copy");
        done();
      }
    }
  });

  function showNotifyButton() {
    var button = document.querySelector("[data-notify-permission]");
    if (button) { button.hidden = !("Notification" in window) || Notification.permission !== "default"; }
  }

  function init() {
    var sound = document.querySelector("[data-decision-sound]");
    if (sound) { sound.checked = soundOn(); }
    showNotifyButton();
    update(false);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
