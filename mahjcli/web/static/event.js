// An event's pages: the round's clock counts down on every page that shows it, from the
// server's time and the round's end as the page was sent (never from this device's own
// clock, which may be wrong), with its warnings at 10 and 5 minutes and "time called" at
// the end; and a table's page keeps its card up to date while other phones write (the
// server says when the event changed; a short poll where that is missing).
(function () {
  "use strict";

  function minutes(left) {
    var m = Math.floor(left / 60);
    if (m === 0) { return "under a minute"; }
    return m + (m === 1 ? " minute" : " minutes");
  }

  function show(clock) {
    var ends = clock.getAttribute("data-ends");
    if (!ends) { return; }
    if (clock.mahjBase === undefined) {
      clock.mahjBase = window.performance.now();
      clock.mahjLeft = (Date.parse(ends) - Date.parse(clock.getAttribute("data-now"))) / 1000;
    }
    var left = Math.max(0, Math.floor(clock.mahjLeft - (window.performance.now() - clock.mahjBase) / 1000));
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
  }

  function tick() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-clock]"), show);
  }
  tick();
  setInterval(tick, 500);

  var live = document.getElementById("live");
  if (!live || !window.fetch) { return; }
  var version = live.getAttribute("data-version");
  var busy = false;
  var again = false;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(live.getAttribute("data-part"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { live.innerHTML = html; tick(); } })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  function seen(v) {
    if (v && v !== version) { version = v; refresh(); }
  }

  function poll() {
    setInterval(function () {
      fetch(live.getAttribute("data-poll"), { cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (d) { seen(d.version); })
        .catch(function () {});
    }, 2000);
  }

  if (!window.EventSource) { poll(); return; }
  var failures = 0;
  var source = new EventSource(live.getAttribute("data-events"));
  source.onmessage = function (e) { failures = 0; seen(e.data); };
  source.onerror = function () {
    failures += 1;
    if (failures >= 3 || source.readyState === 2) { source.close(); poll(); }
  };
})();
