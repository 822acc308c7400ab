// The room's screen keeps itself up to date: the server says when the night changed
// (server-sent events; a short poll where those are missing or keep failing), and the
// board is fetched again and put in place. No framework: a few lines of plain script.
(function () {
  "use strict";
  var board = document.getElementById("board");
  if (!board || !window.fetch) { return; }
  var version = board.getAttribute("data-version");
  var busy = false;
  var again = false;
  var polling = null;

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(board.getAttribute("data-part"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { board.innerHTML = html; } })
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
    if (polling !== null) { return; }
    polling = setInterval(function () {
      fetch(board.getAttribute("data-poll"), { cache: "no-store" })
        .then(function (r) { return r.json(); })
        .then(function (d) { seen(d.version); })
        .catch(function () {});
    }, 1000);
  }

  if (!window.EventSource) { poll(); return; }
  var failures = 0;
  var source = new EventSource(board.getAttribute("data-events"));
  source.onmessage = function (e) { failures = 0; seen(e.data); };
  source.onerror = function () {
    failures += 1;
    if (failures >= 3 || source.readyState === 2) { source.close(); poll(); }
  };
})();
