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
import { fmt, labelText } from "./format.js";
import { listenToJudgeForms } from "./judge_forms.js";
import { listenToKeys } from "./keyboard.js";
import { first } from "./legal.js";
import { renderPanel } from "./panel.js";
import { createRolesButton } from "./roles.js";
import { renderSeats } from "./seats.js";
import { unlockSound } from "./sound.js";
import { createStatusLine } from "./status_line.js";
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
  let busy = false;
  const waiting = [];  // what was pressed while an event was on its way: done after its answer

  const screen = {
    root, DATA, T, ROLE, client,
    view: null,        // the last view
    picked: null,      // the seat picked by a digit or a tap
    typed: "",         // a count typed in a vote
    named: [],         // the best move's seats being chosen
    shooter: null,     // the black whose shot is entered
    act, send, render, say,
  };
  const timer = createTimerPanel(screen);

  // Sending, one at a time: a key pressed while an event is on its way waits for the answer.
  function act(fn) {
    if (busy) { waiting.push(fn); return; }
    fn();
  }
  function release() {
    busy = false;
    const fn = waiting.shift();
    if (fn) fn();
  }
  function say(text, kind) {
    const box = $("c-message");
    box.textContent = text || "";
    box.className = "c-message" + (kind ? " " + kind : "");
  }
  function send(event) {
    if (!event) return;
    busy = true;
    client.send(event).then((result) => {
      if (result.view) adopt(result.view);
      if (result.status === "stored" || result.status === "queued") {
        // queued: accepted by the rules here and kept in the browser until the server has it
        say(result.status === "queued" && !result.view ? T.unchecked : "", result.view ? "" : "warn");
        screen.picked = null; screen.typed = ""; screen.named = [];
        if (event.type !== "shot") screen.shooter = null;
      } else if (result.status === "conflict") {
        say(T.conflict, "error");
      } else {
        const e = result.error || {};
        say((e.rule ? fmt(T.refused, { rule: e.rule, code: e.code }) + " " : "") + (e.message || ""), "error");
      }
      render();
    }, () => {
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
    timer.render();
  }

  function adopt(next) {
    screen.view = next;
    timer.sync(next.clock);
  }

  // A tapped button gives the focus back, so that Enter and Space keep their console meaning.
  root.addEventListener("click", (e) => {
    const b = e.target.closest && e.target.closest("button");
    if (b && !b.closest(".c-judge")) b.blur();
  });
  root.querySelectorAll(".c-seat-main").forEach((b) => {
    b.addEventListener("click", () => { tapSeat(screen, parseInt(b.getAttribute("data-seat"), 10)); });
  });
  root.querySelectorAll(".c-foul").forEach((b) => {
    b.addEventListener("click", () => { foul(screen, parseInt(b.getAttribute("data-seat"), 10)); });
  });
  $("c-next").addEventListener("click", () => { enter(screen); });
  $("c-undo").addEventListener("click", () => { undo(screen); });
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
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") client.load().then((v) => { adopt(v); render(); }, () => {});
  });
  client.load().then((v) => { adopt(v); render(); }, (error) => {
    say((error && error.message) || T.network, "error");
  });
}
