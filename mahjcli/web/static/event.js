// An event's pages: the round's clock counts down on every page that shows it, from the
// server's time and the round's end as the page was sent (never from this device's own
// clock, which may be wrong), with its warnings at 10 and 5 minutes and "time called" at
// the end (each said once to a screen reader), and again each time board.js puts a fresh
// part of the page in place (a table's card, kept up to date while other phones write); a
// table's page left alone is shown again when time is called, or when its card moved on.
(function () {
  "use strict";

  function minutes(left) {
    var m = Math.floor(left / 60);
    if (m === 0) { return "under a minute"; }
    return m + (m === 1 ? " minute" : " minutes");
  }

  var before = [];  // each clock's state as last shown, kept when a fresh part replaces it

  function show(clock, i) {
    var ends = clock.getAttribute("data-ends");
    if (!ends) {  // stopped: time was called (as the server drew it)
      say(clock, i, clock.classList.contains("called") ? "called" : "stopped");
      return;
    }
    if (clock.mahjBase === undefined) {
      clock.mahjBase = window.performance.now();
      clock.mahjLeft = (Date.parse(ends) - Date.parse(clock.getAttribute("data-now"))) / 1000;
    }
    clock.mahjOver = clock.mahjLeft - (window.performance.now() - clock.mahjBase) / 1000;
    var left = Math.max(0, Math.floor(clock.mahjOver));
    var state = left === 0 ? "called" : left <= 300 ? "warn5" : left <= 600 ? "warn10" : "running";
    clock.className = "clock " + state;
    var part = function (name) { return clock.querySelector("." + name); };
    var seconds = left % 60;
    part("clock-left").textContent = left === 0 ? "Time called" :
      Math.floor(left / 60) + ":" + (seconds < 10 ? "0" : "") + seconds;
    part("clock-words").textContent = minutes(left) + " left \u00b7 time is called at " +
      clock.getAttribute("data-at");
    part("clock-words").hidden = left === 0;
    part("clock-called").hidden = left !== 0;
    part("clock-warning").textContent = state === "warn5" ? "5-minute warning" :
      state === "warn10" ? "10-minute warning" : "";
    say(clock, i, state);
  }

  function say(clock, i, state) {
    // said once to a screen reader as it changes (the countdown itself is never read out),
    // also when a fresh part put in place brought the change (the director called time):
    // then a moment later, once the fresh part's status line is in place to be heard
    var was = clock.mahjState !== undefined ? clock.mahjState : before[i];
    var said = clock.querySelector(".clock-said");
    if (was !== undefined && was !== state && said && state !== "stopped") {
      var words = state === "called" ? "Time called" :
        clock.querySelector(".clock-warning").textContent;
      if (clock.mahjState === undefined) {
        setTimeout(function () { said.textContent = words; }, 250);
      } else {
        said.textContent = words;
      }
    }
    clock.mahjState = state;
    before[i] = state;
  }

  // A table's page left alone when time is called (the clock ran out, or the director
  // called it) is shown again, so that it offers what the card still takes: the game in
  // progress as time called. A page where a game is being typed is left as it is.
  var typed = false;
  document.addEventListener("input", function () { typed = true; });
  document.addEventListener("change", function () { typed = true; });
  var running = false;
  var SAY = "mahj:said";  // what the page shown again says first, kept across the reload

  function tick() {
    var clocks = document.querySelectorAll("[data-clock]");
    Array.prototype.forEach.call(clocks, show);
    // called for the server too: its time is whole seconds, so wait two past the end
    var called = Array.prototype.some.call(clocks, function (c) {
      return c.className.indexOf("called") >= 0 && !(c.mahjOver > -2);
    });
    if (running && called && !typed && document.querySelector("form.game")) {
      running = false;
      try { window.sessionStorage.setItem(SAY, "Time called"); } catch (e) { /* private */ }
      window.location.assign(window.location.pathname);  // a GET, even after a form's POST
      return;
    }
    running = running || Array.prototype.some.call(clocks, function (c) {
      return c.mahjOver > 0;
    });
  }
  tick();
  setInterval(tick, 500);
  // the page shown again as time was called says so, as the page it replaced would have
  var saying = null;
  try {
    saying = window.sessionStorage.getItem(SAY);
    window.sessionStorage.removeItem(SAY);
  } catch (e) { /* private */ }
  var said = document.querySelector(".clock .clock-said");
  if (saying && said) { setTimeout(function () { said.textContent = saying; }, 250); }

  // A table's page left alone follows its card: when a fresh card (another phone's line,
  // the director's, the players' confirmations, the next round on the floor) is not the
  // one the page was drawn for, the whole page is shown again (a refusal it showed too);
  // a page being typed on, with games kept to send, or a form led to, is left as it is.
  function drawnFor() {
    var box = document.querySelector("[data-drawn-for]");
    return box && box.getAttribute("data-drawn-for");
  }
  var forms = drawnFor();
  document.addEventListener("focusin", function (e) {
    if (e.target.closest && e.target.closest("form")) { typed = true; }
  });
  var SENT = "mahj:sent";  // a game sent from this phone and refused: said after the reload
  function follow() {
    var kept = "[]";
    try { kept = window.localStorage.getItem("mahj-unsent") || "[]"; } catch (e) { /* private */ }
    var here = window.location.pathname;
    if (drawnFor() === forms || typed || kept !== "[]" || document.querySelector("main[data-sent]") ||
        !/^\/round\/\d+\/table\/\d+$/.test(here)) { return; }
    forms = drawnFor();
    var sent = document.getElementById("sent-problem");
    try {
      if (sent && !sent.hidden && sent.textContent) { window.sessionStorage.setItem(SENT, sent.textContent); }
    } catch (e) { /* private: not said again */ }
    window.location.assign(here + window.location.search);
  }
  try {
    var refusal = window.sessionStorage.getItem(SENT);
    window.sessionStorage.removeItem(SENT);
    var box = document.getElementById("sent-problem");
    if (refusal && box && !box.textContent) { box.textContent = refusal; box.hidden = false; }
  } catch (e) { /* private */ }

  // The director's news line is held at the foot of the screen: a control the keyboard
  // moves to is scrolled into view above it, however tall large text makes the line.
  function roomForNews() {
    var news = document.querySelector(".director .news");
    if (news) { document.documentElement.style.scrollPaddingBottom = news.offsetHeight + "px"; }
  }
  window.addEventListener("resize", roomForNews);

  document.addEventListener("mahj:drawn", function () {  // board.js put a fresh card in place
    tick();
    follow();
    roomForNews();
  });
})();
