/* The live tables: one table (/t/<slug>/tables/<n>/live/) or every table of the round on the
   projector's "tables" panel. Polls the JSON the element names (data-json-url) every
   data-poll-ms and redraws; roles, shots and checks are never sent before sign-off, so nothing
   here hides anything. Texts come from the page (#live-texts, the catalogue's words). */
(function () {
  "use strict";
  // The judge's stored timer (console/timer.py) as the hall sees it: what is left at this poll
  // (a running timer counts down between polls of 1.5 s; a stopped one shows what it has left).
  function secondsLeft(timer) {
    var clock = timer.clock;
    if (!clock) return timer.seconds;
    var left = clock.running && clock.deadline ? Date.parse(clock.deadline) - Date.parse(clock.now) : clock.remaining_ms;
    return Math.max(0, Math.ceil(left / 1000));
  }
  var root = document.getElementById("live");
  if (!root) return;
  var texts = JSON.parse(document.getElementById("live-texts").textContent);
  var url = root.dataset.jsonUrl;
  var every = parseInt(root.dataset.pollMs || "1500", 10);
  var box = root.querySelector(".live-body");
  var status = root.querySelector(".live-status");

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function seatLine(view, row) {
    var s = view.state;
    var key = String(row.seat);
    var li = el("li", "live-seat");
    li.value = row.seat;
    li.dataset.seat = key;
    li.appendChild(el("span", "live-num", row.seat));
    li.appendChild(el("span", "live-nick", row.player));
    if (row.role) li.appendChild(el("span", "live-role role-" + row.role, texts.roles[row.role] || row.role));
    if (s) {
      var fouls = s.fouls[key] || 0;
      if (fouls) li.appendChild(el("span", "live-fouls", "\u25cf".repeat(fouls) + " " + fouls + " " + texts.fouls));
      var left = s.left[key];
      if (left) {
        li.classList.add("out");
        li.appendChild(el("span", "live-left", "\u2014 " + left.name + " " + left.on));
      } else if (s.in_game.indexOf(row.seat) < 0) {
        li.classList.add("out");
        li.appendChild(el("span", "live-left", "\u2014 " + texts.out));
      }
      if (s.speaker === row.seat) { li.classList.add("speaking"); li.appendChild(el("span", "live-mark", "\u25b6 " + texts.speaker)); }
      if (s.nominees.indexOf(row.seat) >= 0) li.appendChild(el("span", "live-mark", "\u261d " + texts.nominees));
    }
    return li;
  }

  function tableBlock(view, compact) {
    var block = el("section", "live-table" + (compact ? " compact" : ""));
    block.dataset.table = view.table;
    var head = el("h2", "live-title", texts.table.replace("%(n)s", view.table));
    block.appendChild(head);
    var s = view.state;
    if (!s) {
      block.appendChild(el("p", "live-phase", view.signed_off ? texts.signed_off : texts.no_console));
    } else {
      block.appendChild(el("p", "live-phase", s.phase_name + (s.label ? " \u00b7 " + s.label : "")));
      if (s.speaker !== null || s.timer) {
        var now = el("p", "live-now");
        if (s.speaker !== null) now.appendChild(el("span", "live-speaker", texts.speaker + ": " + texts.seat + " " + s.speaker));
        if (s.timer) now.appendChild(el("span", "live-timer", " " + secondsLeft(s.timer) + " " + texts.seconds));
        block.appendChild(now);
      }
      if (s.nominees.length) block.appendChild(el("p", "live-nominees", texts.nominees + ": " + s.nominees.join(", ")));
      if (s.vote) {
        var parts = s.vote.seats.map(function (seat) {
          var n = s.vote.counts[String(seat)];
          return seat + ": " + (n === undefined ? (seat === s.vote.called ? "\u2026" : "\u2013") : n);
        });
        block.appendChild(el("p", "live-vote", texts.vote + ": " + parts.join("; ") + " \u00b7 " + texts.uncast + " " + s.vote.uncast));
      }
    }
    if (view.result) block.appendChild(el("p", "live-result", texts.result + ": " + (texts.results[view.result] || view.result)));
    var list = el("ol", "live-seats");
    view.seats.forEach(function (row) { list.appendChild(seatLine(view, row)); });
    block.appendChild(list);
    return block;
  }

  function render(data) {
    var blocks = data.tables ? data.tables.map(function (v) { return tableBlock(v, true); }) : [tableBlock(data, false)];
    while (box.firstChild) box.removeChild(box.firstChild);
    blocks.forEach(function (b) { box.appendChild(b); });
  }

  function poll() {
    fetch(url, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) { render(data); if (status) status.hidden = true; })
      .catch(function () { if (status) status.hidden = false; })
      .then(function () { window.setTimeout(poll, every); });
  }

  var initial = document.getElementById("live-initial");
  if (initial) render(JSON.parse(initial.textContent));
  window.setTimeout(poll, initial ? every : 0);
})();
