// A page's live part (the room's screen, a table's card at an event) keeps itself up to
// date: the server says when the file changed (server-sent events; a short poll where
// those are missing or keep failing), and the part is fetched again and put in place,
// then the page is told ("mahj:drawn"). No framework: a few lines of plain script.
(function () {
  "use strict";
  // a phone showing the room's screen keeps the "Larger text" its other pages switched on
  try {
    if (window.innerWidth < 1000 && window.localStorage.getItem("mahj-larger-text") === "1") {
      document.documentElement.classList.add("bigger-text");
    }
  } catch (e) { /* no storage: the usual size */ }
  var board = document.querySelector("[data-part][data-events]");
  if (!board || !window.fetch) { return; }
  var version = board.getAttribute("data-version");
  var drawn = null;  // the part as last fetched: the same again is left alone
  var busy = false;
  var again = false;
  var polling = null;

  // On a wide screen (a television), a list marked data-page that does not fit below
  // where it starts is shown a screenful at a time, turning every SECONDS by itself; its
  // button says which part is shown and turns at once when pressed.
  var SECONDS = 10;
  var WIDE = 1000;
  var shown = {};

  function roomFor(box) {
    // the height the list may take: from its top to the screen's bottom, less what
    // follows it in its section and the board's own bottom padding; at most the share of
    // the screen its data-room gives (another list below it needs the rest)
    var section = box.closest("section") || box.parentNode;
    var after = section.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    var room = window.innerHeight - box.getBoundingClientRect().top - after -
      parseFloat(getComputedStyle(board).paddingBottom) - 4;
    var share = parseFloat(box.getAttribute("data-room") || "1");
    return Math.min(room, share * window.innerHeight);
  }

  function fill(box) {
    // a list of the latest things (newest first): on a television, only the items that
    // fit whole below it are shown, and a line says how many more the phones show (left
    // out when only it stands in the way of the newest); when not even the newest fits
    // (the join code takes the top of the screen), the whole section gives way
    var items = Array.prototype.slice.call(box.children);
    items.forEach(function (item) { item.style.display = ""; });
    var section = box.closest("section") || box.parentNode;
    section.parentNode.classList.remove("fill-gone");
    var more = box.nextElementSibling;
    if (more && more.classList.contains("more-note")) { more.remove(); }
    if (!document.body.classList.contains("fit") || !items.length) { return; }
    var room = roomFor(box);
    var top = box.getBoundingClientRect().top;
    if (items[items.length - 1].getBoundingClientRect().bottom - top <= room) { return; }
    var note = document.createElement("p");  // the line saying how many more
    note.className = "more-note quiet";
    note.textContent = "and 9 earlier games";
    box.parentNode.insertBefore(note, box.nextSibling);
    var style = getComputedStyle(note);
    var keep = fitting(items, top, room - note.getBoundingClientRect().height -
      parseFloat(style.marginTop) - parseFloat(style.marginBottom));
    if (!keep) {  // no room for the note too: the latest games without it
      note.remove();
      note = null;
      keep = fitting(items, top, room);
    }
    if (!keep) {  // not even the latest game fits: the section gives way
      section.parentNode.classList.add("fill-gone");
      return;
    }
    items.slice(keep).forEach(function (item) { item.style.display = "none"; });
    // every game before the last one shown (the screen is sent only the latest few)
    var hidden = parseInt(items[keep - 1].getAttribute("data-game"), 10) - 1;
    if (note) {
      note.textContent = "and " + hidden + " earlier " + (hidden === 1 ? "game" : "games");
    }
    var bottom = window.innerHeight - parseFloat(getComputedStyle(board).paddingBottom);
    if (section.getBoundingClientRect().bottom > bottom) {
      section.parentNode.classList.add("fill-gone");  // the section, and its row, give way
    }
  }

  function fitting(items, top, room) {
    // how many of the items, from the first, end within `room` below `top`
    var keep = 0;
    while (keep < items.length && items[keep].getBoundingClientRect().bottom - top <= room) {
      keep += 1;
    }
    return keep;
  }

  function fits(box, items) {
    var top = items[0].getBoundingClientRect().top;
    return items[items.length - 1].getBoundingClientRect().bottom - top <= roomFor(box);
  }

  function pageOf(box) {
    var items = Array.prototype.slice.call(box.children);
    items.forEach(function (item) { item.style.display = ""; });
    var holder = box.closest("table") || box;
    var old = holder.previousElementSibling;
    if (old && old.classList.contains("pager")) { old.remove(); }
    var sizes = (box.getAttribute("data-grow") || "").split(" ").filter(Boolean);
    box.style.fontSize = "";
    var section = box.closest("section") || box.parentNode;
    section.classList.remove("no-room");
    Array.prototype.forEach.call(section.querySelectorAll(".no-room"), function (e) {
      e.classList.remove("no-room");
    });
    if (!document.body.classList.contains("fit") || items.length < 2) { return; }
    for (var i = 0; i < sizes.length; i += 1) {  // the largest text that shows all at once
      box.style.fontSize = sizes[i];
      if (fits(box, items) && whole(box) && across(holder)) { return; }
    }
    if (fits(box, items)) { return; }
    if (box.getAttribute("data-give-way") === "first") {
      // at the night's end who pays whom comes first: what the leavers settled gives way
      giveWay(holder);
      if (fits(box, items)) { return; }
    }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "pager " + (box.classList.contains("seating") ? "seating-pager" : "list-pager");
    button.setAttribute("data-seconds", String(SECONDS));
    button.textContent = "\u00a0";
    holder.parentNode.insertBefore(button, holder);
    pages(box, items, button);
    if (!box.hasAttribute("data-give-way") || !over(section)) { return; }
    // not even a page of it fits (the join code takes the top of the screen, or what
    // follows it in its section takes the room): what follows it in its section (what the
    // leavers settled) gives way first, then, if still not a page fits, the list and its
    // section, rather than run off the bottom of the screen
    giveWay(holder);
    if (pages(box, items, button) === 1) {  // with that room, the whole list at once
      button.remove();
      items.forEach(function (item) { item.style.display = ""; });
    }
    if (over(section)) {
      section.classList.add("no-room");
      button.remove();
    }
  }

  function across(holder) {
    // whether a table's list is no wider than its section leaves it (a purse column in
    // large type could pass the screen's edge)
    var section = holder.parentNode;
    var style = getComputedStyle(section);
    var room = section.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return holder.getBoundingClientRect().width <= room + 1;
  }

  function whole(box) {
    // whether every word of the names in a table's list reads whole at this size: a name
    // may wrap between its words, never inside one
    var cells = box.querySelectorAll("td.who");
    for (var c = 0; c < cells.length; c += 1) {
      var node = cells[c].firstChild;
      if (!node || node.nodeType !== 3) { continue; }
      var word = /\S+/g;
      for (var m = word.exec(node.data); m; m = word.exec(node.data)) {
        var range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        var rects = range.getClientRects();
        if (rects.length > 1 && rects[0].top !== rects[rects.length - 1].top) { return false; }
      }
    }
    return true;
  }

  function giveWay(holder) {
    // what follows a list in its section (what the leavers settled) is not shown; the
    // house rules and the sum stay (the list pages in the room they leave)
    for (var after = holder.nextElementSibling; after; after = after.nextElementSibling) {
      if (!after.matches(".rules, .sum")) { after.classList.add("no-room"); }
    }
  }

  function over(section) {
    // whether the section runs past the screen's bottom (less the board's own padding)
    var bottom = window.innerHeight - parseFloat(getComputedStyle(board).paddingBottom);
    return section.getBoundingClientRect().bottom > bottom + 1;
  }

  function pages(box, items, button) {
    // the list a screenful at a time: its pages, the first shown, the button turning them
    items.forEach(function (item) { item.style.display = ""; });
    var room = roomFor(box);
    var found = [];
    var page = [];
    var start = null;
    var row = null;
    items.forEach(function (item) {
      // a page ends before a row that would not fit whole; a row (a grid's items side by
      // side, as tall as the tallest) is never split between pages
      var r = item.getBoundingClientRect();
      if (start === null) { start = r.top; }
      if (r.top !== row && r.bottom - start > room && page.length) {
        found.push(page);
        page = [];
        start = r.top;
      }
      row = r.top;
      page.push(item);
    });
    found.push(page);
    var key = box.getAttribute("data-page");
    function show(n) {
      n = ((n % found.length) + found.length) % found.length;
      shown[key] = n;
      var first = items.indexOf(found[n][0]) + 1;
      var last = first + found[n].length - 1;
      items.forEach(function (item) { item.style.display = "none"; });
      found[n].forEach(function (item) { item.style.display = ""; });
      down(box);
      button.textContent = key + " " + first + "\u2013" + last + " of " + items.length +
        " \u00b7 page " + (n + 1) + " of " + found.length;
    }
    button.onclick = function () { show(shown[key] + 1); };
    button.turn = button.onclick;
    show(shown[key] || 0);
    return found.length;
  }

  function strip() {
    // the waiting line on a row of its own under the tables (they fill their row) is
    // one strip across it instead of a card
    var line = board.querySelector(".tables article.line");
    if (!line) { return; }
    line.classList.remove("strip");
    var before = line.previousElementSibling;
    if (document.body.classList.contains("fit") && before &&
        line.getBoundingClientRect().top >= before.getBoundingClientRect().bottom) {
      line.classList.add("strip");
    }
  }

  function down(box) {
    // a list marked data-down reads down each column, then the next, as a sheet on a
    // wall does (a grid fills its rows first): the items shown are ordered so, columns of
    // equal length but the last ones one shorter, with no gap; the page's own order (what
    // a screen reader reads) stays alphabetical
    if (!box.hasAttribute("data-down")) { return; }
    var items = Array.prototype.filter.call(box.children, function (item) {
      item.style.order = "";
      return item.style.display !== "none";
    });
    if (items.length < 2) { return; }
    var top = items[0].getBoundingClientRect().top;
    var across = items.filter(function (i) { return i.getBoundingClientRect().top === top; }).length;
    var rows = Math.ceil(items.length / across);
    var full = items.length - (rows - 1) * across;  // the columns `rows` long
    items.forEach(function (item, k) {
      var rest = k - full * rows;
      var col = rest < 0 ? Math.floor(k / rows) : full + Math.floor(rest / (rows - 1));
      var row = rest < 0 ? k % rows : rest % (rows - 1);
      item.style.order = String(row * across + col);
    });
  }

  function layout() {
    document.body.classList.toggle("fit", window.innerWidth >= WIDE);
    strip();
    Array.prototype.forEach.call(board.querySelectorAll("[data-page]"), function (box) {
      Array.prototype.forEach.call(box.children, function (item) { item.style.order = ""; });
      pageOf(box);
      down(box);
    });
    Array.prototype.forEach.call(board.querySelectorAll("[data-fill]"), fill);
  }

  layout();
  window.addEventListener("resize", layout);
  setInterval(function () {
    Array.prototype.forEach.call(board.querySelectorAll(".pager"), function (b) {
      if (b.turn) { b.turn(); }
    });
  }, SECONDS * 1000);

  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(board.getAttribute("data-part"), { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || html === drawn) { return; }  // nothing said twice
        drawn = html;
        var had = document.activeElement;  // the keyboard's place, found again after
        var mark = had && board.contains(had) ? (had.id ? "#" + CSS.escape(had.id) :
          had.getAttribute("href") ? 'a[href="' + CSS.escape(had.getAttribute("href")) + '"]' :
          null) : null;
        board.innerHTML = html;
        var again = mark && board.querySelector(mark);
        if (again) { again.focus(); }
        layout();
        document.dispatchEvent(new Event("mahj:drawn"));
      })
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
