// Offers between the players (templates/battles/_offers.html): a form with data-message sends
// that message (an offer or an answer) with an id and the seq the page shows (expected_version),
// and once a rematch is agreed the page pushed with its link (data-go) goes to the new battle.
(function () {
  "use strict";

  function currentSeq() {
    var el = document.getElementById("battle-seq");
    return el ? parseInt(el.getAttribute("data-seq"), 10) : 0;
  }

  function messageId() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "o" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }

  document.addEventListener("htmx:wsConfigSend", function (evt) {
    var form = evt.target.closest ? evt.target.closest("form[data-message]") : null;
    if (!form) { return; }
    var message = JSON.parse(form.getAttribute("data-message"));
    message.id = messageId();
    message.expected_version = currentSeq();
    evt.detail.messageBody = JSON.stringify(message);
  });

  var going = false; // once: a later message (presence, say) must not start the navigation again
  document.addEventListener("htmx:wsAfterMessage", function () {
    var go = document.querySelector("#offers a[data-go]");
    if (go && !going) {
      going = true;
      window.location.assign(go.getAttribute("href"));
    }
  });
})();
