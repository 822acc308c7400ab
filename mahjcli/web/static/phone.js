// A table's phone (a club night's, or an event's card): a "larger text" switch it
// remembers, and games that survive a lost connection. Every game gets an id made here
// (entry_id); a game being recorded is kept in this browser's storage until the server
// has answered, and sent again (in order) when the server answers again, even after it
// was restarted. The server records an id at most once, so a double tap or a re-send
// never records a game twice. A game the server refuses (another game was recorded at
// the table meanwhile) is said plainly, and the table's page is shown as it is. The same
// game typed again while one like it is kept asks first. Without this script the forms
// work as plain forms.
(function () {
  "use strict";
  var QUEUE = "mahj-unsent";
  var SAID = "mahj-refused";
  var BIG = "mahj-larger-text";
  var RETRY = 3000;
  var store = null;
  try { store = window.localStorage; store.getItem(QUEUE); } catch (e) { store = null; }

  // ---- larger text ------------------------------------------------------------------
  var root = document.documentElement;
  function bigger(on) {
    root.classList.toggle("bigger-text", on);
    var button = document.getElementById("bigger");
    if (button) { button.setAttribute("aria-pressed", on ? "true" : "false"); }
  }
  bigger(!!store && store.getItem(BIG) === "1");
  var switcher = document.getElementById("bigger");
  if (switcher) {
    switcher.addEventListener("click", function () {
      var on = !root.classList.contains("bigger-text");
      bigger(on);
      if (store) { store.setItem(BIG, on ? "1" : "0"); }
    });
  }
  // A refusal's "Go to ..." link: the box it is about comes into view, with the keyboard
  // in it (in a group of choices, on the chosen one, or the first).
  Array.prototype.forEach.call(document.querySelectorAll(".problem a[href^='#']"), function (link) {
    link.addEventListener("click", function (event) {
      var box = document.getElementById(link.getAttribute("href").slice(1));
      if (!box) { return; }
      event.preventDefault();
      for (var up = box.parentElement; up; up = up.parentElement) {
        if (up.tagName === "DETAILS") { up.open = true; }
      }
      var input = box.matches("input, select") ? box
        : box.querySelector("input:checked") || box.querySelector("input");
      box.scrollIntoView({ block: "center" });
      if (input) { input.focus({ preventScroll: true }); }
    });
  });
  if (!store || !window.fetch || !window.URLSearchParams) { return; }

  // ---- the entries waiting ----------------------------------------------------------
  function read(key) {
    try { return JSON.parse(store.getItem(key) || "[]"); } catch (e) { return []; }
  }
  function write(key, list) { store.setItem(key, JSON.stringify(list)); }
  function newId() {
    var bytes = new Uint8Array(12);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return "p-" + Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function fieldsOf(form, submitter) {
    var pairs = [];
    new FormData(form).forEach(function (value, key) { pairs.push([key, String(value)]); });
    if (submitter && submitter.name) { pairs.push([submitter.name, submitter.value]); }
    return pairs;
  }
  function idOf(pairs) {
    for (var i = 0; i < pairs.length; i++) { if (pairs[i][0] === "entry_id") { return pairs[i][1]; } }
    return "";
  }
  function keep(entry) {
    var queue = read(QUEUE);
    if (!queue.some(function (e) { return e.id === entry.id; })) { queue.push(entry); }
    write(QUEUE, queue);
  }
  // The same game kept twice (typed again because nothing seemed to happen) would be
  // recorded twice once the server answers: a game is the same when every field but its
  // id and the count of games (or of a card's lines) the page had shown is.
  var COUNTS = ["table_games", "seen"];
  function gameOf(entry) {
    return JSON.stringify([entry.back, entry.fields.filter(function (pair) {
      return pair[0] !== "entry_id" && COUNTS.indexOf(pair[0]) < 0;
    }).sort()]);
  }
  function keptAlready(entry) {
    var game = gameOf(entry);
    return read(QUEUE).some(function (e) { return gameOf(e) === game; });
  }
  function drop(id) { write(QUEUE, read(QUEUE).filter(function (e) { return e.id !== id; })); }

  var banner = document.getElementById("queue");
  var offline = false;
  var shut = false;  // the key or join code this phone holds no longer opens the room
  function say(text, warn) {  // only a change is said again (a screen reader reads each)
    banner.className = "queue-state" + (warn ? " offline" : "");
    if (banner.textContent !== text) { banner.textContent = text; }
    banner.hidden = false;
  }
  function show() {
    if (!banner) { return; }
    var n = read(QUEUE).length;
    if (n === 0 && !offline) { banner.hidden = true; banner.textContent = ""; return; }
    var kept = (n === 1 ? "1 game" : n + " games") + " kept on this phone";
    if (shut) {
      say("The join code (or this phone's key) was changed: scan the QR code on the room's " +
        "screen, or ask the organiser. " + kept + " will be sent then.", true);
    } else if (offline) {
      // a game kept before the table saw who pays whom is never shown to be checked
      var unchecked = read(QUEUE).some(function (e) { return e.unchecked; });
      say("Offline: the server does not answer." + (n ? " " + kept + ", to send when it " +
        "answers (not shown below yet)." : "") + (unchecked ? " Once it is back, it goes " +
        "on the card as typed, without the check of who pays whom: look at it there." : ""),
        true);
    } else {
      say("Sending " + (n === 1 ? "1 game" : n + " games") + "…", false);
    }
  }
  // A kept game is sent with the key or code this page holds now (the phone may have
  // joined again with a new code since the game was kept).
  function withToken(fields) {
    var now = banner && banner.getAttribute("data-token");
    if (!now) { return fields; }
    return fields.map(function (pair) { return pair[0] === "token" ? ["token", now] : pair; });
  }
  function sayRefused(message, table, whole) {
    var said = read(SAID);
    said.push({ message: message, table: table, whole: !!whole });
    write(SAID, said);
  }
  function showRefused() {
    var box = document.getElementById("sent-problem");
    var said = read(SAID);
    if (!box || !said.length) { return; }
    box.textContent = said.map(function (s) {
      return s.whole ? s.message : "A game sent from this phone was not recorded: " + s.message;
    }).join(" ");
    box.hidden = false;
    write(SAID, []);
  }
  // A refused form: the words that say why are where the keyboard (and a screen reader)
  // goes first.
  function toProblem() {
    var problems = document.querySelectorAll(".problem[role=alert]");
    for (var i = 0; i < problems.length; i++) {
      if (!problems[i].hidden && problems[i].textContent.trim()) {
        problems[i].tabIndex = -1;
        problems[i].focus();
        return;
      }
    }
  }

  var sending = false;
  var leaving = false;  // this page is going to the one that says what was recorded
  var waiting = null;
  var mine = null;  // the id of the game this page just asked to record
  function later() {
    if (waiting === null) { waiting = setTimeout(function () { waiting = null; flush(); }, RETRY); }
  }
  function flush() {
    if (sending) { return; }
    var queue = read(QUEUE);
    if (!queue.length) { offline = false; show(); return; }
    sending = true;
    var entry = queue[0];
    var body = new URLSearchParams();
    withToken(entry.fields).forEach(function (pair) { body.append(pair[0], pair[1]); });
    fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", cache: "no-store",
      headers: { "Accept": "application/json" }
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        return { status: r.status, data: data };
      });
    }).then(function (answer) {
      sending = false;
      if (answer.status === 409 || answer.status === 429 || answer.status >= 500) {
        offline = false; show(); later(); return;
      }
      offline = false;
      if (answer.status === 401) { shut = true; show(); return; }  // kept until it joins again
      shut = false;
      drop(entry.id);
      var here = window.location.pathname === entry.back;
      // the list of tables a phone lands on once it has joined again (no form of its own)
      // goes to the page that says the kept game went in, seats as they are now
      var idle = !document.querySelector("form[method=post]") && !!document.querySelector("ul.pick");
      if (answer.status === 200) {
        if (entry.id === mine || here || idle) {
          leaving = true;
          window.location.assign(answer.data.page);
          return;
        }
      } else {
        var refill = entry.refill && answer.data.again === true && (entry.id === mine || here);
        sayRefused((answer.data.error || ("the server answered " + answer.status)) + (refill
          ? ". The game is filled in again below: put right what is wrong, then see who " +
            "pays whom again." : ""), entry.table);
        if (refill) {
          leaving = true;
          fillAgain(entry);
          return;
        }
        if (entry.id === mine || here) {
          leaving = true;
          window.location.assign(entry.back);
          return;
        }
      }
      show();
      flush();
    }, function () {
      sending = false; offline = true; show(); later();
    });
  }

  // A game refused for what it says (a bet by a player who has sat down meanwhile), not
  // because the table moved on: its table's page with the game filled in again (as
  // "Change something" does), under a new id.
  function fillAgain(entry) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.back;
    withToken(entry.fields).forEach(function (pair) {
      if (pair[0] === "entry_id") { return; }
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = pair[0];
      input.value = pair[1];
      form.appendChild(input);
    });
    document.body.appendChild(form);
    form.submit();
  }

  // ---- the forms ----------------------------------------------------------------------
  function prepare(form) {
    var id = form.querySelector("input[name=entry_id]");
    if (id && !id.value) { id.value = newId(); }
    return id;
  }
  Array.prototype.forEach.call(document.querySelectorAll("input[name=entry_id]"), function (input) {
    if (!input.value) { input.value = newId(); }
  });
  Array.prototype.forEach.call(document.querySelectorAll("form[data-queue]"), function (form) {
    var idInput = prepare(form);
    form.addEventListener("submit", function (event) {
      if (form.getAttribute("data-going") === "1") { return; }
      event.preventDefault();
      var submitter = event.submitter || form.querySelector("button[type=submit]");
      var fields = fieldsOf(form, submitter);
      var main = document.querySelector("[data-table]");
      var base = form.getAttribute("data-base") || (main && main.getAttribute("data-base")) || "";
      var table = form.getAttribute("data-table") || (main && main.getAttribute("data-table"));
      // where it is recorded and the page to go back to: a club table's, or (an event's
      // table) as the form says
      var entry = {
        id: idOf(fields), fields: fields, table: table,
        url: form.getAttribute("data-record") || base + "/table/" + table + "/record",
        back: form.getAttribute("data-back") || base + "/table/" + table,
        refill: !form.getAttribute("data-back")  // a club night's table page takes it back
      };
      if (form.getAttribute("data-queue") === "record") {
        mine = entry.id;
        keep(entry);
        show();
        flush();
        return;
      }
      // "See who pays whom": when the server answers, the page shows the game before it is
      // recorded; when it does not, the game is kept here to be recorded when it answers.
      fetch(base + "/version.json", { cache: "no-store" }).then(function (r) {
        if (!r.ok) { throw new Error("no answer"); }
        form.setAttribute("data-going", "1");
        if (form.requestSubmit && submitter) { form.requestSubmit(submitter); } else { form.submit(); }
      }).catch(function () {
        if (keptAlready(entry) && !window.confirm(
          "This game is already kept on this phone, and will be sent when the server " +
          "answers. Keep it again, as another game?")) {
          form.reset();
          return;
        }
        entry.unchecked = true;
        keep(entry);
        offline = true;
        // the next game typed here comes after this one
        Array.prototype.forEach.call(document.querySelectorAll(
          "input[name=table_games], input[name=seen]"
        ), function (seen) { seen.value = String(Number(seen.value) + 1); });
        form.reset();
        if (idInput) { idInput.value = newId(); }
        show();
        if (banner && banner.scrollIntoView) { banner.scrollIntoView(); }  // seen at once
        later();
      });
    });
  });

  // ---- a table's page (or the organiser's) left alone follows the night (another
  // table's game moved the line, someone arrived or left): it is shown again as it is,
  // where it was scrolled to and with the lists that were open, still saying what this
  // phone just did (who gets up and who sits). A page the keyboard is in (a choice, a
  // box) is being used, and a page a form led to (a correction's result, a new key, a
  // game brought back to change) says what it says once: both are left as they are.
  var page = document.querySelector("[data-follow]");
  var FOLLOW = "mahj-follow";
  var lists = function () { return Array.prototype.slice.call(document.querySelectorAll("details")); };
  try {
    var back = JSON.parse(window.sessionStorage.getItem(FOLLOW) || "null");
    window.sessionStorage.removeItem(FOLLOW);
    if (back && back.at === window.location.pathname + window.location.search) {
      back.open.forEach(function (n) { if (lists()[n]) { lists()[n].open = true; } });
      window.scrollTo(0, back.y);
      // a refusal shown stays, until the table has recorded another game
      var games = document.querySelector("input[name=table_games]");
      if (back.said && (!games || games.value === back.games)) { sayRefused(back.said, null, true); }
    }
  } catch (e) { /* no storage: shown from the top */ }
  var spelled = function (path) { try { return decodeURIComponent(path); } catch (e) { return path; } };
  if (page && window.EventSource &&
      spelled(window.location.pathname) === spelled(page.getAttribute("data-follow"))) {
    var touched = false;
    // (a list opened to be read is not being used)
    // (nor is the refusal the page brought the keyboard to)
    var used = function (e) {
      touched = touched || !(e.target.tagName === "SUMMARY" || e.target.classList.contains("problem"));
    };
    ["input", "change", "focusin"].forEach(function (kind) { page.addEventListener(kind, used); });
    var shown = page.getAttribute("data-version");
    var events = new EventSource(page.getAttribute("data-base") + "/events");
    events.onmessage = function (e) {
      if (e.data !== shown && !touched && !leaving && !sending && !read(QUEUE).length) {
        events.close();  // its own address, asked again (never a form sent again)
        var at = window.location.pathname + window.location.search;
        var open = [];
        lists().forEach(function (list, n) { if (list.open) { open.push(n); } });
        var sent = document.getElementById("sent-problem");
        var said = sent && !sent.hidden ? sent.textContent : "";
        var games = document.querySelector("input[name=table_games]");
        try {
          window.sessionStorage.setItem(FOLLOW, JSON.stringify({ at: at, y: window.scrollY,
            open: open, said: said, games: games ? games.value : null }));
        } catch (err) { /* shown from the top */ }
        window.location.assign(at);
      }
    };
  }

  showRefused();
  toProblem();
  show();
  flush();
  window.addEventListener("online", flush);
})();
