// The judge's screen at the table (templates/console/screen.html).
// It draws the view the server (or an offline client) gives, and builds every event from the
// view's `legal` list (spec/game-log.md), so it never offers what the rules refuse. Its only
// network is window.ConsoleClient (client.js, included by console/_offline.html): load(),
// send(event) → stored | queued | refused | conflict, onStatus(cb), onView(cb) and timer(body).
// Without a connection an event is checked by the same rules in the browser and queued: the screen
// shows it as entered, and "offline — N waiting". A queue the server would not take as it was (a
// conflict or a refusal while it is sent: status.stopped) shows the server's game and the events
// not stored. Texts come from the page (#console-data), in the page's language.
//
// Taps: a seat's card does what the phase asks of a seat (nominate during a speech, the shot of
// the black whose shot is entered, the check, the best move's seats); its foul button gives a
// foul. Keys: digits pick a seat (0 = 10; in a vote they type the count), F foul, N nominate,
// Enter next / enter what was picked, "-" several seats or nothing shown, Space the timer,
// ↑/↓ ±5 s, Backspace undo, R (held) the roles.
//
// The timer (RULES.md 7.15) is a deadline: stored on the server (console/timer.py) and mirrored in
// localStorage, so a reload, a rotation or a sleeping tablet never resets it. It beeps 10 s before
// the end and at the end (WebAudio, unlocked by the first tap or key), vibrates where it can, and
// never moves the game on (7.3.3).
(function () {
  "use strict";
  var root = document.getElementById("console");
  var dataNode = document.getElementById("console-data");
  if (!root || !dataNode || !window.ConsoleClient) return;
  var DATA = JSON.parse(dataNode.textContent);
  var T = DATA.texts;
  var client = new window.ConsoleClient(DATA.urls.console, root.getAttribute("data-csrf"));
  var ROLE = {};
  DATA.seats.forEach(function (s) { ROLE[s.seat] = s.role; });
  var SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  var view = null;          // the last view
  var picked = null;        // the seat picked by a digit or a tap
  var typed = "";           // a count typed in a vote
  var named = [];           // the best move's seats being chosen
  var shooter = null;       // the black whose shot is entered
  var busy = false, queue = [];
  var clock = null;         // {turn, seconds, running, deadline (ms, this clock), remaining}
  var alerted = {};         // turn -> {ten: bool, zero: bool}

  function $(id) { return document.getElementById(id); }
  function fmt(text, args) {
    return String(text).replace(/\{(\w+)\}/g, function (m, k) { return args && k in args ? args[k] : m; });
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // -- the legal events ---------------------------------------------------------------------------
  function legal(type, test) {
    if (!view) return [];
    return view.legal.filter(function (e) { return e.type === type && (!test || test(e)); });
  }
  function first(type, test) { return legal(type, test)[0] || null; }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function phase() { return view ? view.state.phase : ""; }
  function lastOf(list) { return list && list.length ? list[list.length - 1] : null; }
  function bestMoveOpen() { return legal("best_move").length > 0; }
  function labelText(label) {
    if (!label) return "";
    var n = label.slice(1);
    return fmt(label[0] === "D" ? T.day : T.night, {n: n});
  }

  // -- sending, one at a time (a key pressed while an event is on its way waits for the answer) --
  function act(fn) {
    if (busy) { queue.push(fn); return; }
    fn();
  }
  function release() {
    busy = false;
    var fn = queue.shift();
    if (fn) fn();
  }
  function say(text, kind) {
    var box = $("c-message");
    box.textContent = text || "";
    box.className = "c-message" + (kind ? " " + kind : "");
  }
  function send(event) {
    if (!event) return;
    busy = true;
    client.send(event).then(function (result) {
      if (result.view) adopt(result.view);
      if (result.status === "stored" || result.status === "queued") {
        // queued: accepted by the rules here and kept in the browser until the server has it
        say(result.status === "queued" && !result.view ? T.unchecked : "", result.view ? "" : "warn");
        picked = null; typed = ""; named = [];
        if (event.type !== "shot") shooter = null;
      } else if (result.status === "conflict") {
        say(T.conflict, "error");
      } else {
        var e = result.error || {};
        say((e.rule ? fmt(T.refused, {rule: e.rule, code: e.code}) + " " : "") + (e.message || ""), "error");
      }
      render();
    }, function () {
      say(T.network, "error");
      render();
    }).then(release, release);
  }

  // -- what a seat does in this phase ---------------------------------------------------------------
  function currentShooter() {
    var shooters = [];
    legal("shot").forEach(function (e) { if (shooters.indexOf(e.by) < 0) shooters.push(e.by); });
    if (shooter !== null && shooters.indexOf(shooter) >= 0) return shooter;
    return shooters.length ? shooters[0] : null;
  }
  function nomination(seat) {
    // the legal withdrawal or nomination of `seat`; else the nomination the judge asked for, so that
    // the rules say why not (7.5: twice, not in the game, not now …)
    var turn = view.state.turn;
    return first("withdraw", function (e) { return e.seat === seat; }) || first("nominate", function (e) { return e.seat === seat; }) ||
      {type: "nominate", by: turn && turn.seat ? turn.seat : seat, seat: seat};
  }
  function seatEvent(seat) {
    var p = phase();
    if (p === "day_speech") {
      return first("withdraw", function (e) { return e.seat === seat; }) || first("nominate", function (e) { return e.seat === seat; });
    }
    if (p === "shooting") {
      var by = currentShooter();
      return first("shot", function (e) { return e.by === by && e.at === seat; });
    }
    if (p === "don_check" || p === "sheriff_check") return first(p, function (e) { return e.target === seat; });
    return null;
  }
  function toggleNamed(seat) {
    var at = named.indexOf(seat);
    if (at >= 0) named.splice(at, 1);
    else if (named.length < 3 && first("best_move", function (e) { return e.seats.indexOf(seat) >= 0; })) named.push(seat);
  }
  function tapSeat(seat) {
    act(function () {
      picked = seat;
      if (bestMoveOpen()) { toggleNamed(seat); render(); return; }
      var event = phase() === "day_speech" ? nomination(seat) : seatEvent(seat);
      if (event) send(event); else render();
    });
  }
  function foul(seat) {
    act(function () { send(first("foul", function (e) { return e.seat === seat; }) || {type: "foul", seat: seat}); });
  }
  function bestMoveEvent() {
    // the seats in the order the player named them (the legal list has each set once, in order)
    var sorted = named.slice().sort(function (a, b) { return a - b; });
    var found = first("best_move", function (e) { return same(e.seats, sorted); });
    return found ? {type: "best_move", seats: named.slice()} : null;
  }
  function enter() {
    act(function () {
      var p = phase();
      if (p === "voting" || p === "all_leave_vote") {
        if (typed === "") { render(); return; }
        var n = parseInt(typed, 10);
        typed = "";
        var event = p === "voting" ? first("vote", function (e) { return e.count === n; }) : first("vote_all", function (e) { return e["for"] === n; });
        if (!event) { say(fmt(T.votes_left, {n: maxCount()}), "error"); render(); return; }
        send(event);
        return;
      }
      if ((p === "shooting" || p === "don_check" || p === "sheriff_check") && picked !== null) {
        var seatEv = seatEvent(picked);
        if (seatEv) { send(seatEv); return; }
      }
      if (bestMoveOpen() && named.length) { send(bestMoveEvent()); return; }
      send(first("next") || first("end"));
    });
  }
  function none() {
    act(function () {
      var p = phase();
      if (p === "shooting") send(first("shot", function (e) { return e.by === currentShooter() && e.at === null; }));
      else if (p === "don_check" || p === "sheriff_check") send(first(p, function (e) { return e.target === null; }));
    });
  }
  function undo() { act(function () { send(first("undo")); }); }
  function maxCount() {
    var counts = legal("vote").map(function (e) { return e.count; }).concat(legal("vote_all").map(function (e) { return e["for"]; }));
    return counts.length ? Math.max.apply(null, counts) : 0;
  }

  // -- drawing ------------------------------------------------------------------------------------
  function seatState(seat) {
    var s = view.state;
    var left = s.left[String(seat)];
    var words = [];
    if (left) {
      var how = left.split("@");
      words.push((T[how[0]] || how[0]) + " " + labelText(how[1]));
    }
    if (s.removed[String(seat)] && (!left || left.indexOf("removed") !== 0)) words.push(T.removed);
    if (!words.length) words.push(T.in_game);
    return words.join(", ");
  }

  function renderSeats() {
    var s = view.state;
    var turnSeat = s.turn ? s.turn.seat : (view.timer ? view.timer.seat : null);
    var bestOpen = bestMoveOpen();
    SEATS.forEach(function (seat) {
      var li = root.querySelector('.c-seat[data-seat="' + seat + '"]');
      var fouls = s.fouls[String(seat)] || 0;
      var inGame = s.in_game.indexOf(seat) >= 0;
      var nominee = s.nominees.indexOf(seat);
      var marks = [];
      if (turnSeat === seat) marks.push("▶ " + T.speaking);
      if (nominee >= 0) marks.push("▲" + (nominee + 1) + " " + T.nominated);
      if (named.indexOf(seat) >= 0) marks.push("★ " + T.best_move);
      if (picked === seat) marks.push("◆ " + T.picked);
      li.className = "c-seat" + (inGame ? "" : " out") + (turnSeat === seat ? " speaking" : "") + (nominee >= 0 ? " nominee" : "") +
        (picked === seat ? " picked" : "") + (named.indexOf(seat) >= 0 ? " chosen" : "") +
        ((bestOpen ? !!first("best_move", function (e) { return e.seats.indexOf(seat) >= 0; }) : !!seatEvent(seat)) ? " actionable" : "") +
        " fouls-" + fouls;
      li.querySelector(".c-state").textContent = seatState(seat);
      li.querySelector(".c-marks").textContent = marks.join(" ");
      var role = li.querySelector(".c-role");
      role.textContent = T.role[ROLE[seat]] || "";
      role.setAttribute("data-letter", T.role_letter[ROLE[seat]] || "");
      var button = li.querySelector(".c-foul");
      button.disabled = !first("foul", function (e) { return e.seat === seat; });
      li.querySelector(".c-foul-long").textContent = T.foul;
      li.querySelector(".c-foul-short").textContent = T.foul_short;
      li.querySelector(".c-foul-count").textContent = String(fouls);
      li.querySelector(".c-foul-dots").textContent = " " + "●●●●".slice(0, fouls) + "○○○○".slice(0, 4 - fouls);
      button.setAttribute("aria-label", fmt(T.foul_title, {seat: seat, n: fouls}));
    });
  }

  function choice(text, event, pressed, attrs) {
    var b = el("button", Object.assign({type: "button", "class": "c-choice"}, attrs || {}), text);
    if (pressed !== undefined) b.setAttribute("aria-pressed", pressed ? "true" : "false");
    if (!event) b.disabled = true;
    else b.addEventListener("click", function () { act(function () { send(event); }); });
    return b;
  }

  function currentRound() {
    var day = lastOf(view.trace.days);
    var round = day ? lastOf(day.rounds) : null;
    return round && round.counts ? round : null;
  }

  function nightChecks(panel, night) {
    if (!night) return;
    if (night.don_check) {
      var d = night.don_check;
      panel.appendChild(el("p", {"class": "c-check"}, fmt(T.don_answer, {seat: d[0] === null ? T.none : d[0],
        answer: d[0] === null ? T.nothing : (d[1] ? T.is_sheriff : T.not_sheriff)})));
    }
    if (night.sheriff_check) {
      var c = night.sheriff_check;
      panel.appendChild(el("p", {"class": "c-check"}, fmt(T.sheriff_answer, {seat: c[0] === null ? T.none : c[0],
        answer: c[0] === null ? T.nothing : (c[1] === "black" ? T.is_black : T.is_red)})));
    }
  }

  function renderPanel() {
    var panel = $("c-panel");
    panel.textContent = "";
    var s = view.state, p = s.phase;
    var day = lastOf(view.trace.days), night = lastOf(view.trace.nights);
    if (p === "day_speech") {
      var turn = s.turn;
      panel.appendChild(el("p", {"class": "c-big"}, turn ? fmt(T.nominate_hint, {seat: turn.seat}) : ""));
      panel.appendChild(el("p", {}, s.nominees.length ? fmt(T.nominations, {list: s.nominees.join(", ")}) : T.no_nominations));
    } else if (p === "voting") {
      var round = currentRound();
      var called = legal("vote")[0];
      var order = round ? round.counts.map(function (c) { return c[0]; }) : s.nominees;
      var at = called ? order.indexOf(called.seat) : -1;
      panel.appendChild(el("p", {"class": "c-big"}, called ? fmt(T.vote_call, {seat: called.seat, i: at + 1, n: order.length}) : ""));
      panel.appendChild(el("p", {"class": "c-left"}, fmt(T.votes_left, {n: maxCount()}) + (typed ? " · " + typed + "…" : "")));
      if (round) {
        var counted = round.counts.filter(function (c) { return c[1] !== null; }).map(function (c) { return c[0] + ": " + c[1]; });
        if (counted.length) panel.appendChild(el("p", {}, fmt(T.vote_counts, {list: counted.join(", ")})));
        if (called && at === order.length - 2) {
          var lastSeat = order[order.length - 1];
          panel.appendChild(el("p", {"class": "c-rest"}, fmt(T.vote_rest, {seat: lastSeat, n: typed === "" ? "…" : Math.max(0, maxCount() - parseInt(typed, 10))})));
        }
      }
      var row = el("div", {"class": "c-choices"});
      legal("vote").forEach(function (e) { row.appendChild(choice(String(e.count), e, undefined, {"data-count": e.count})); });
      panel.appendChild(row);
    } else if (p === "all_leave_vote") {
      panel.appendChild(el("p", {"class": "c-big"}, T.all_leave + (typed ? " " + typed + "…" : "")));
      var rowAll = el("div", {"class": "c-choices"});
      legal("vote_all").forEach(function (e) { rowAll.appendChild(choice(String(e["for"]), e, undefined, {"data-count": e["for"]})); });
      panel.appendChild(rowAll);
    } else if (p === "shooting") {
      var by = currentShooter();

      // The blacks are named by their order (their seats only while the roles are shown): the
      // screen faces the judge, but a glance from the table must not learn who shoots.
      var blacks = SEATS.filter(function (n) { return ROLE[n] === "black" || ROLE[n] === "don"; });
      var ordinal = function (seat) { return blacks.indexOf(seat) + 1; };
      var hint = el("p", {"class": "c-big"}, by !== null ? fmt(T.shot_hint, {n: ordinal(by)}) : T.close_shooting);
      if (by !== null) hint.appendChild(el("span", {"class": "c-secret c-inline"}, " (" + by + ")"));
      panel.appendChild(hint);
      var shooters = el("div", {"class": "c-choices"});
      var seen = [];
      legal("shot").forEach(function (e) {
        if (seen.indexOf(e.by) >= 0) return;
        seen.push(e.by);
        var b = el("button", {type: "button", "class": "c-choice", "data-by": e.by, "aria-pressed": e.by === by ? "true" : "false"},
                   fmt(T.shooter, {n: ordinal(e.by)}));
        b.appendChild(el("span", {"class": "c-secret c-inline"}, " (" + e.by + ")"));
        b.addEventListener("click", function () { shooter = e.by; render(); });
        shooters.appendChild(b);
      });
      if (by !== null) shooters.appendChild(choice(T.shot_none, first("shot", function (e) { return e.by === by && e.at === null; }), undefined, {id: "c-none"}));
      panel.appendChild(shooters);
      var shots = night ? night.shots.map(function (x) { return fmt(T.shooter, {n: blacks.indexOf(x[0]) + 1}) + " → " + (x[1] === null ? T.none : x[1]); }) : [];
      panel.appendChild(el("p", {}, shots.length ? fmt(T.shots, {list: shots.join(", ")}) : T.no_shots));
    } else if (p === "don_check" || p === "sheriff_check") {
      panel.appendChild(el("p", {"class": "c-big"}, T.check_hint));
      var rowCheck = el("div", {"class": "c-choices"});
      rowCheck.appendChild(choice(T.check_none, first(p, function (e) { return e.target === null; }), undefined, {id: "c-none"}));
      panel.appendChild(rowCheck);
      nightChecks(panel, night);
    } else if (p === "over" || p === "ended") {
      if (s.result) panel.appendChild(el("p", {"class": "c-big"}, T.result[s.result] || s.result));
      if (p === "over") {
        var rowEnd = el("div", {"class": "c-choices"});
        legal("end").forEach(function (e) {
          rowEnd.appendChild(choice(fmt(T.confirm_result, {result: T.result[e.result] || e.result}), e, undefined, {id: "c-end-" + e.result}));
        });
        panel.appendChild(rowEnd);
      } else {
        var link = el("a", {href: DATA.urls.protocol, "class": "c-button primary", id: "c-open-protocol"}, T.open_protocol);
        panel.appendChild(el("p")).appendChild(link);
        (view.protocol_problems || []).forEach(function (text) { panel.appendChild(el("p", {"class": "error"}, text)); });
      }
    } else if (p === "tie_speech" || p === "last_words" || p === "night_last_words" || p === "best_move") {
      if (s.nominees.length && p === "tie_speech") panel.appendChild(el("p", {}, fmt(T.nominations, {list: s.nominees.join(", ")})));
      if (p === "night_last_words" || p === "best_move") nightChecks(panel, night);
    }
    if (bestMoveOpen()) {
      var fk = s.first_killed ? s.first_killed.seat : "";
      panel.appendChild(el("p", {"class": "c-big"}, fmt(T.best_move_hint, {seat: fk})));
      var rowBest = el("div", {"class": "c-choices"});
      var record = choice(T.best_move_record + (named.length ? ": " + named.join(", ") : ""), bestMoveEvent());
      record.id = "c-best-move";
      rowBest.appendChild(record);
      if (p === "best_move") rowBest.appendChild(choice(T.best_move_decline, first("next"), undefined, {id: "c-best-move-none"}));
      panel.appendChild(rowBest);
    }
    if (s.first_killed && s.first_killed.named && s.first_killed.named.length && (p === "night_last_words" || p === "best_move")) {
      panel.appendChild(el("p", {}, fmt(T.best_move_named, {list: s.first_killed.named.join(", ")})));
    }
  }

  function render() {
    if (!view) return;
    var s = view.state;
    root.setAttribute("data-index", String(view.index));
    root.setAttribute("data-phase", s.phase);
    $("c-label").textContent = s.label ? s.label : "";
    $("c-label").title = labelText(s.label);
    $("c-phase").textContent = (s.label ? labelText(s.label) + " · " : "") + (T.phase[s.phase] || s.phase);
    var timed = view.timer;
    $("c-speaker").textContent = timed && timed.seat ? fmt(T.speaks, {seat: timed.seat}) + " · " + (T.kind[timed.kind] || timed.kind)
      : (timed ? (T.kind[timed.kind] || timed.kind) : T.no_turn);
    renderSeats();
    renderPanel();
    $("c-next").disabled = !(first("next") || first("end"));
    $("c-undo").disabled = !first("undo");
    renderClock();
  }

  function adopt(next) {
    view = next;
    syncClock(next.clock);
  }

  // A queue the server did not take whole: its game is shown (onView), and here what was not stored.
  function describe(event) {
    return event.type + Object.keys(event).filter(function (k) { return k !== "type"; }).map(function (k) {
      return " " + k + "=" + JSON.stringify(event[k]);
    }).join("");
  }
  var stoppedShown = null;
  function showStopped(stopped) {
    var box = $("c-stopped");
    var key = stopped ? JSON.stringify(stopped) : null;
    if (key === stoppedShown) return;
    stoppedShown = key;
    box.textContent = "";
    box.hidden = !stopped;
    if (!stopped) return;
    var unsent = stopped.unsent || [], e = stopped.error || {};
    var text = stopped.status === "conflict" ? T.stopped_conflict : fmt(T.stopped_refused, {rule: e.rule || "", code: e.code || ""});
    box.appendChild(el("p", {"class": "c-big"}, fmt(text, {n: unsent.length})));
    var list = el("ol", {"class": "c-unsent"});
    unsent.forEach(function (event) { list.appendChild(el("li", {}, describe(event))); });
    box.appendChild(list);
    var close = el("button", {type: "button", "class": "c-button", id: "c-stopped-close"}, T.close);
    close.addEventListener("click", function () { box.hidden = true; });
    box.appendChild(close);
  }

  // -- the timer ------------------------------------------------------------------------------------
  var STORE = "console-timer-" + DATA.game;
  function turnKey() {
    if (!view || !view.timer) return "";
    var label = view.state.label || "";
    return label + "#" + ((view.trace.speeches[label] || []).length);
  }
  function remaining() {
    if (!clock) return 0;
    return clock.running ? clock.deadline - Date.now() : clock.remaining;
  }
  function saveClock() {
    try { localStorage.setItem(STORE, JSON.stringify(clock)); } catch (e) { /* private mode: the server keeps it */ }
  }
  function fromServer(c) {
    var offset = Date.parse(c.now) - Date.now();  // the server's clock minus ours
    return {turn: c.turn, seconds: c.seconds, running: c.running,
            deadline: c.deadline ? Date.parse(c.deadline) - offset : null, remaining: c.remaining_ms};
  }
  function syncClock(server) {
    var key = turnKey();
    if (!key) { clock = null; return; }
    if (clock && clock.turn === key && server === undefined) return;  // an event within the same turn
    var stored = null;
    try { stored = JSON.parse(localStorage.getItem(STORE) || "null"); } catch (e) { stored = null; }
    if (server && server.turn === key && (server.running || server.remaining_ms !== server.seconds * 1000 || !stored || stored.turn !== key)) {
      clock = fromServer(server);
    } else if (stored && stored.turn === key) {
      clock = stored;
    } else if (clock && clock.turn === key) {
      return;
    } else {
      clock = {turn: key, seconds: view.timer.seconds, running: false, deadline: null, remaining: view.timer.seconds * 1000};
    }
    var left = remaining();
    alerted[key] = alerted[key] || {ten: left <= 10000, zero: left <= 0};
    saveClock();
  }
  function timerAction(action, seconds) {
    if (!clock) return;
    unlockSound();
    var left = remaining();
    if (action === "start" && !clock.running) { clock.running = true; clock.deadline = Date.now() + Math.max(left, 0); }
    else if (action === "stop" && clock.running) { clock.running = false; clock.remaining = left; clock.deadline = null; }
    else if (action === "add") {
      left = Math.max(0, left + seconds * 1000);
      if (clock.running) clock.deadline = Date.now() + left; else clock.remaining = left;
      if (left > 10000) alerted[clock.turn] = {ten: false, zero: false};
    } else if (action === "reset") {
      clock.running = false; clock.deadline = null; clock.remaining = clock.seconds * 1000;
      alerted[clock.turn] = {ten: false, zero: false};
    }
    saveClock();
    renderClock();
    if (client.timer) {
      // One request at a time, in the order pressed (↑ held down sends many); the server's answer
      // is taken only after the last one, so the display never jumps back to an older state.
      var body = {action: action, turn: clock.turn, seconds: seconds || 0};
      timerPending += 1;
      timerChain = timerChain.then(function () { return client.timer(body); }).then(function (answer) {
        timerPending -= 1;
        if (!timerPending && answer && answer.clock && clock && answer.clock.turn === clock.turn) {
          clock = fromServer(answer.clock); saveClock(); renderClock();
        }
      }, function () { timerPending -= 1; /* offline: the browser's copy holds until the next load */ });
    }
  }
  var timerChain = Promise.resolve(), timerPending = 0;
  function toggleTimer() { if (clock) timerAction(clock.running ? "stop" : "start"); }
  function clockText(ms) {
    var sign = ms < 0 ? "−" : "";
    var total = Math.ceil(Math.abs(ms) / 1000);
    if (ms < 0) total = Math.floor(Math.abs(ms) / 1000);
    var sec = total % 60;
    return sign + Math.floor(total / 60) + ":" + (sec < 10 ? "0" : "") + sec;
  }
  function renderClock() {
    var box = $("c-timer");
    var toggle = $("c-timer-toggle");
    if (!clock) {
      $("c-time").textContent = "–:––";
      box.setAttribute("data-running", "false");
      box.setAttribute("data-remaining", "");
      box.className = "c-timer off";
      $("c-time-note").textContent = "";
      ["c-timer-toggle", "c-timer-minus", "c-timer-plus", "c-timer-reset"].forEach(function (id) { $(id).disabled = true; });
      return;
    }
    ["c-timer-toggle", "c-timer-minus", "c-timer-plus", "c-timer-reset"].forEach(function (id) { $(id).disabled = false; });
    var left = remaining();
    $("c-time").textContent = clockText(left);
    box.setAttribute("data-running", clock.running ? "true" : "false");
    box.setAttribute("data-remaining", String(Math.round(left / 1000)));
    box.className = "c-timer" + (left <= 0 ? " over" : (left <= 10000 ? " warn" : ""));
    $("c-time-note").textContent = left <= 0 ? T.timer_over : "";
    toggle.textContent = clock.running ? T.stop : T.start;
    var flags = alerted[clock.turn] || (alerted[clock.turn] = {ten: false, zero: false});
    if (clock.running && !flags.ten && left <= 10000 && left > 0) { flags.ten = true; beep(660, 0.15, [120]); }
    if (clock.running && !flags.zero && left <= 0) { flags.zero = true; beep(440, 0.6, [300, 100, 300]); }
  }
  setInterval(function () { if (clock && clock.running) renderClock(); }, 200);

  // -- sound: unlocked by the judge's first tap or key (autoplay rules on Android and iOS) ---------
  var audio = null;
  function unlockSound() {
    if (audio) { if (audio.state === "suspended") audio.resume(); return; }
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      audio = new Context();
      var buffer = audio.createBuffer(1, 1, 22050);
      var source = audio.createBufferSource();
      source.buffer = buffer;
      source.connect(audio.destination);
      source.start(0);
      if (audio.state === "suspended") audio.resume();
    } catch (e) { audio = null; }
  }
  function beep(freq, seconds, vibration) {
    root.setAttribute("data-beeps", String(parseInt(root.getAttribute("data-beeps") || "0", 10) + 1));
    if (navigator.vibrate) { try { navigator.vibrate(vibration); } catch (e) { /* not allowed before a tap */ } }
    if (!audio) return;
    try {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.4, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
      osc.connect(gain); gain.connect(audio.destination);
      osc.start(); osc.stop(audio.currentTime + seconds);
    } catch (e) { /* no sound device */ }
  }
  document.addEventListener("pointerdown", unlockSound, {capture: true});

  // -- roles, held --------------------------------------------------------------------------------
  var rolesButton = $("c-roles");
  function showRoles(on) {
    root.classList.toggle("show-roles", on);
    rolesButton.classList.toggle("held", on);
    rolesButton.setAttribute("aria-pressed", on ? "true" : "false");
  }
  rolesButton.addEventListener("pointerdown", function (e) { e.preventDefault(); showRoles(true); });
  ["pointerup", "pointerleave", "pointercancel"].forEach(function (n) { rolesButton.addEventListener(n, function () { showRoles(false); }); });
  rolesButton.addEventListener("contextmenu", function (e) { e.preventDefault(); });
  window.addEventListener("blur", function () { showRoles(false); });

  // -- taps and keys ------------------------------------------------------------------------------
  // A tapped button gives the focus back, so that Enter and Space keep their console meaning.
  root.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button");
    if (b && !b.closest(".c-judge")) b.blur();
  });
  root.querySelectorAll(".c-seat-main").forEach(function (b) {
    b.addEventListener("click", function () { tapSeat(parseInt(b.getAttribute("data-seat"), 10)); });
  });
  root.querySelectorAll(".c-foul").forEach(function (b) {
    b.addEventListener("click", function () { foul(parseInt(b.getAttribute("data-seat"), 10)); });
  });
  $("c-next").addEventListener("click", enter);
  $("c-undo").addEventListener("click", undo);
  $("c-timer-toggle").addEventListener("click", toggleTimer);
  $("c-timer-minus").addEventListener("click", function () { timerAction("add", -5); });
  $("c-timer-plus").addEventListener("click", function () { timerAction("add", 5); });
  $("c-timer-reset").addEventListener("click", function () { timerAction("reset"); });

  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    var tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    unlockSound();
    var key = e.key;
    if (/^[0-9]$/.test(key)) {
      e.preventDefault();
      act(function () {
        var p = phase();
        if (p === "voting" || p === "all_leave_vote") {
          var next = typed + key;
          typed = parseInt(next, 10) <= maxCount() ? String(parseInt(next, 10)) : key;
        } else {
          var seat = key === "0" ? 10 : parseInt(key, 10);
          picked = seat;
          if (bestMoveOpen()) toggleNamed(seat);
        }
        render();
      });
      return;
    }
    var lower = key.length === 1 ? key.toLowerCase() : key;
    if (lower === "f" || lower === "а") { e.preventDefault(); if (picked !== null) foul(picked); return; }
    if (lower === "n" || lower === "т") {
      e.preventDefault();
      act(function () {
        if (picked !== null) send(nomination(picked));
      });
      return;
    }
    if (key === "Enter") {
      if (tag === "A" || tag === "SUMMARY" || (e.target.closest && e.target.closest(".c-judge"))) return;  // a link, the judge's forms
      e.preventDefault(); enter(); return;
    }
    if (key === "-" || key === "Subtract") { e.preventDefault(); none(); return; }
    if (key === " " || key === "Spacebar") { e.preventDefault(); toggleTimer(); return; }
    if (key === "ArrowUp") { e.preventDefault(); timerAction("add", 5); return; }
    if (key === "ArrowDown") { e.preventDefault(); timerAction("add", -5); return; }
    if (key === "Backspace") {
      e.preventDefault();
      act(function () { if (typed) { typed = typed.slice(0, -1); render(); } else send(first("undo")); });
      return;
    }
    if ((lower === "r" || lower === "к") && !e.repeat) { showRoles(true); return; }
    if (key === "Escape") { act(function () { picked = null; typed = ""; named = []; render(); }); }
  });
  document.addEventListener("keyup", function (e) {
    var lower = e.key && e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (lower === "r" || lower === "к") showRoles(false);
  });

  // -- the judge's forms: removals and overrides need a reason the judge types ---------------------
  $("c-remove-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var form = e.target, seat = parseInt(form.seat.value, 10), kind = form.kind.value, reason = form.reason.value.trim();
    act(function () {
      var event = {type: "remove", seat: seat, kind: kind};
      if (reason) event.reason = reason;
      send(event);
    });
  });
  $("c-override-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var form = e.target, what = form.what.value, reason = form.reason.value.trim();
    act(function () {
      var event = {type: "override", what: what, reason: reason};
      if (what === "fouls") { event.seat = parseInt(form.seat.value, 10); event.fouls = parseInt(form.fouls.value, 10); }
      if (what === "result") event.result = form.result.value;
      send(event);  // the server names the rule if it refuses (7.16.1, 7.16.2)
    });
  });

  // -- start ----------------------------------------------------------------------------------------
  client.onStatus(function (st) {
    var box = $("c-status");
    box.setAttribute("data-online", st.online ? "true" : "false");
    box.setAttribute("data-waiting", String(st.waiting));
    box.textContent = st.online && !st.login ? (st.waiting ? T.sending : T.online) : fmt(T.offline, {n: st.waiting});
    showStopped(st.stopped);
  });
  client.onView(function (v) {
    // the game changed underneath: the queue was sent, or stopped at the server's state
    if (!v) return;
    picked = null; typed = ""; named = [];
    adopt(v);
    render();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") client.load().then(function (v) { adopt(v); render(); }, function () {});
  });
  client.load().then(function (v) { adopt(v); render(); }, function (error) {
    say((error && error.message) || T.network, "error");
  });
})();
