// Beacon's chat panel (templates/battles/_chat.html). The server keeps and pushes every line; this
// script only
// - turns a chat form (a typed line, or a one-click phrase) into one chat message on the socket,
// - clears the box once sent, and puts the text back if the server refused it (too long, too fast),
// - keeps each chat scrolled to its latest line,
// - lets a seat hide the spectators' chat, remembered in this browser.
(function () {
  "use strict";

  var HIDE_KEY = "beacon.hideSpectatorChat";
  var unsent = null; // the box and text of the last line typed and sent, until the server answers

  function remembered(key) {
    try { return window.localStorage.getItem(key); } catch (err) { return null; }
  }

  function remember(key, value) {
    try { window.localStorage.setItem(key, value); } catch (err) { /* private mode: not kept */ }
  }

  document.addEventListener("htmx:wsConfigSend", function (evt) {
    var form = evt.target.closest ? evt.target.closest("form[data-chat]") : null;
    if (!form) { return; }
    var box = form.querySelector("[name=text]");
    var text = box ? box.value : "";
    evt.detail.messageBody = JSON.stringify({ type: "chat", channel: form.getAttribute("data-chat"), text: text });
    if (box && box.type === "text") {
      unsent = { box: box, text: text };
      box.value = "";
    }
  });

  function scrollChats() {
    document.querySelectorAll(".chat-lines").forEach(function (list) { list.scrollTop = list.scrollHeight; });
  }

  document.addEventListener("htmx:wsAfterMessage", function (evt) {
    var message = evt.detail.message;
    if (unsent && /class="flash error"[^>]*data-code="(chat_\w+|rate_limited|malformed)"/.test(message)) {
      if (!unsent.box.value) { unsent.box.value = unsent.text; }
      unsent = null;
    } else if (message.indexOf('class="chat-line') >= 0) {
      unsent = null;
    }
    if (message.indexOf("chat-") >= 0) { scrollChats(); }
  });

  function showSpectatorChat(hidden) {
    document.querySelectorAll(".chat-channel.spectators").forEach(function (el) {
      el.classList.toggle("chat-hidden", hidden);
    });
  }

  document.addEventListener("change", function (evt) {
    if (!evt.target.matches || !evt.target.matches("[data-hide-spectator-chat]")) { return; }
    remember(HIDE_KEY, evt.target.checked ? "1" : "0");
    showSpectatorChat(evt.target.checked);
  });

  function init() {
    var toggle = document.querySelector("[data-hide-spectator-chat]");
    if (toggle) {
      toggle.checked = remembered(HIDE_KEY) === "1";
      showSpectatorChat(toggle.checked);
    }
    scrollChats();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
