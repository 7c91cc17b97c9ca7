// The judge's screen at the table (templates/console/screen.html): the entry that wires the parts.
//
// It draws the view the server (or an offline client) gives, and builds every event from the
// view's `legal` list (legal.js, spec/game-log.md), so it never offers what the rules refuse. Its
// only network is ConsoleClient (client.js): load(), send(event) → stored | queued | refused |
// conflict, onStatus(cb), onView(cb) and timer(body). Without a connection an event is checked by
// the same rules in the browser and queued: the screen shows it as entered, and "offline — N
// waiting" (status_line.js). Texts come from the page (#console-data), in the page's language.
//
// The parts, by what they draw or handle: seats.js (the table of seats; seat_view.js words a
// seat), panel.js (what the phase asks: vote_panel.js, night_panel.js, the best move), timer_panel.js
// (the timer; timer.js its arithmetic, sound.js its beeps), roles.js (the roles, held),
// actions.js and keyboard.js (taps and keys), judge_forms.js (removals and overrides).
//
// `screen` below is the state they share: the view, what the judge picked, typed or named, and
// act/send/render/say.
import { enter, foul, tapSeat, undo } from "./actions.js";
import { ConsoleClient } from "./client.js";
import { follow } from "./follow.js";
import { fmt, labelText } from "./format.js";
import { createIntentGate } from "./intent.js";
import { listenToJudgeForms } from "./judge_forms.js";
import { listenToKeys } from "./keyboard.js";
import { first } from "./legal.js";
import { renderPanel } from "./panel.js";
import { createRolesButton } from "./roles.js";
import { renderSeats } from "./seats.js";
import { unlockSound } from "./sound.js";
import { createStatusLine } from "./status_line.js";
import { renderTakeOver } from "./take_over.js";
import { createTimerPanel } from "./timer_panel.js";

const root = document.getElementById("console");
const dataNode = document.getElementById("console-data");
if (root && dataNode) start(root, JSON.parse(dataNode.textContent));

function start(root, DATA) {
  const $ = (id) => document.getElementById(id);
  const T = DATA.texts;
  const ROLE = {};
  DATA.seats.forEach((s) => { ROLE[s.seat] = s.role; });
  const client = new ConsoleClient(DATA.urls.console, root.getAttribute("data-csrf"));
  const gate = createIntentGate(() => Date.now());  // a double tap counts once (intent.js)
  let busy = false;
  const waiting = [];  // keys pressed while an event was on its way: done after its answer

  const screen = {
    root, DATA, T, ROLE, client,
    view: null,        // the last view
    picked: null,      // the seat picked by a digit or a tap
    typed: "",         // a count typed in a vote
    named: [],         // the best move's seats being chosen
    shooter: null,     // the black whose shot is entered
    act, tap, send, render, say,
  };
  const timer = createTimerPanel(screen);

  // While the chief judge holds the console (a take-over) this screen only watches.
  function locked() {
    const v = screen.view;
    return !!(v && v.taken_over_by && v.may_append === false);
  }
  // Sending, one at a time: a key pressed while an event is on its way waits for the answer.
  function act(fn) {
    if (locked()) return;
    if (busy) { waiting.push(fn); return; }
    fn();
  }
  // A tap while an event is on its way is dropped: the buttons are locked until the answer; and a
  // tap that repeats the last event within 400 ms is a double tap (intent.js). Keys are not gated:
  // a judge typing Enter Enter means two, and a key's auto-repeat is ignored (keyboard.js).
  let tapping = false;
  function tap(fn) {
    if (busy) return;
    tapping = true;
    try { act(fn); } finally { tapping = false; }
  }
  function release() {
    busy = false;
    root.removeAttribute("aria-busy");
    const fn = waiting.shift();
    if (fn) fn();
  }
  function say(text, kind) {
    const box = $("c-message");
    box.textContent = text || "";
    box.className = "c-message" + (kind ? " " + kind : "");
  }
  function clearPicks() {
    screen.picked = null; screen.typed = ""; screen.named = [];
  }
  function send(event) {
    if (!event || locked()) return;
    if (tapping && !gate.allow(event)) { render(); return; }  // a double tap
    if (!tapping) gate.note(event);
    busy = true;
    root.setAttribute("aria-busy", "true");
    client.send(event).then((result) => {
      gate.settled(event);
      const stored = result.status === "stored" || result.status === "queued";
      if (result.view) adopt(result.view, stored);
      if (stored) {
        // queued: accepted by the rules here and kept in the browser until the server has it
        say(result.status === "queued" && !result.view ? T.unchecked : "", result.view ? "" : "warn");
        clearPicks();
        if (event.type !== "shot") screen.shooter = null;
      } else if (result.status === "conflict") {
        say(T.conflict, "error");
      } else {
        // a refusal in words, once: the server's sentence with its clause, or offline the
        // browser's in the page's language (client.js, refusal_words.js)
        const e = result.error || {};
        say(e.message || e.code || "", "error");
        clearPicks();
      }
      render();
    }, () => {
      gate.settled(event);
      say(T.network, "error");
      render();
    }).then(release, release);
  }

  function render() {
    const view = screen.view;
    if (!view) return;
    const s = view.state;
    root.setAttribute("data-index", String(view.index));
    root.setAttribute("data-phase", s.phase);
    $("c-label").textContent = s.label ? s.label : "";
    $("c-label").title = labelText(T, s.label);
    $("c-phase").textContent = (s.label ? labelText(T, s.label) + " · " : "") + (T.phase[s.phase] || s.phase);
    const timed = view.timer;
    const kind = timed ? (T.kind[timed.kind] || timed.kind) : "";
    $("c-speaker").textContent = timed && timed.seat ? fmt(T.speaks, { seat: timed.seat }) + " · " + kind : (timed ? kind : T.no_turn);
    renderSeats(screen);
    renderPanel(screen);
    $("c-next").disabled = !(first(view, "next") || first(view, "end"));
    $("c-undo").disabled = !first(view, "undo");
    // every black has shot: "next" closes the shooting (7.9.1), the one obvious action left
    $("c-next").classList.toggle("c-ready", !!(view.shooting && view.shooting.all_shot));
    timer.render();
    renderTakeOver(screen, locked());
  }

  // `entered`: the answer to an event of this screen (the timer may start with the new turn)
  function adopt(next, entered) {
    const was = locked();
    screen.view = next;
    if (was !== locked()) { clearPicks(); waiting.length = 0; }
    timer.sync(next.clock, entered);
  }

  // A tapped button gives the focus back, so that Enter and Space keep their console meaning.
  root.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button");
    if (b && !b.closest(".c-judge")) b.blur();
  });
  root.querySelectorAll(".c-seat-main").forEach((b) => {
    b.addEventListener("click", () => { tap(() => { tapSeat(screen, parseInt(b.getAttribute("data-seat"), 10)); }); });
  });
  root.querySelectorAll(".c-foul").forEach((b) => {
    b.addEventListener("click", () => { tap(() => { foul(screen, parseInt(b.getAttribute("data-seat"), 10)); }); });
  });
  $("c-next").addEventListener("click", () => { tap(() => { enter(screen); }); });
  $("c-undo").addEventListener("click", () => { tap(() => { undo(screen); }); });
  document.addEventListener("pointerdown", unlockSound, { capture: true });
  listenToKeys(screen, timer, createRolesButton(root));
  listenToJudgeForms(screen);

  client.onStatus(createStatusLine(T));
  client.onView((v) => {
    // the game changed underneath: the queue was sent, or stopped at the server's state
    if (!v) return;
    screen.picked = null; screen.typed = ""; screen.named = [];
    adopt(v);
    render();
  });
  // The game moved elsewhere (the chief judge's events during a take-over, a second tab, a
  // hand-back): the view is read again through the door, unless this screen is sending or has
  // events waiting (their answers bring the view).
  const same = (a, b) => JSON.stringify(a || null) === JSON.stringify(b || null);
  function reload(hint) {
    if (busy || client.status.waiting) return;
    const v = screen.view;
    if (hint && v && hint.index === v.index && same(hint.taken_over_by, v.taken_over_by)) return;
    client.load().then((v) => {
      if (busy) return;
      if (screen.view && v.index === screen.view.index && same(v.taken_over_by, screen.view.taken_over_by)) return;
      adopt(v); render();
    }, () => {});
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") reload(null);
  });
  client.load().then((v) => {
    adopt(v); render();
    follow(DATA.urls, reload);  // the console's socket, or a poll when it cannot open (follow.js)
  }, (error) => {
    say((error && error.message) || T.network, "error");
  });
}
