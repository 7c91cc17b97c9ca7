// The timer on the judge's screen (RULES.md 7.15): a deadline (timer.js), stored on the server
// (console/timer.py, through client.timer) and mirrored in localStorage, so a reload, a rotation
// or a sleeping tablet never resets it. It beeps 10 s before the end and at the end (sound.js),
// and never moves the game on (7.3.3). With "start the timer with each turn" (#c-timer-auto, on by
// default, kept per browser in localStorage) a turn's timer starts when the judge's event opens it;
// Space or the button stops it as before.
import { beep, unlockSound } from "./sound.js";
import {
  STEP_SECONDS, WARN_MS, added, alertedFor, beepDue, clockFor, clockStage, clockText, fromServer, remainingMs, reset, started,
  stopped, turnKey,
} from "./timer.js";

const BUTTONS = ["c-timer-toggle", "c-timer-minus", "c-timer-plus", "c-timer-reset"];
const TICK_MS = 200;
const AUTO_START = "console-timer-auto-start";  // this browser's setting: "0" off, else on (the default)

export function autoStartOn() {
  try { return localStorage.getItem(AUTO_START) !== "0"; } catch { return true; }
}

function setAutoStart(on) {
  try { localStorage.setItem(AUTO_START, on ? "1" : "0"); } catch { /* private mode: on for this page */ }
}

export function createTimerPanel(screen) {
  const $ = (id) => document.getElementById(id);
  const store = "console-timer-" + screen.DATA.game;
  let clock = null;         // timer.js's clock of the current turn, or null
  const alerted = {};       // turn -> the beeps it gave: {ten, zero}
  const left = {};          // turn -> its clock when the game moved on (an undo brings it back)
  let chain = Promise.resolve(), pending = 0;

  function save() {
    try { localStorage.setItem(store, JSON.stringify(clock)); } catch { /* private mode: the server keeps it */ }
  }
  function readStored() {
    try { return JSON.parse(localStorage.getItem(store) || "null"); } catch { return null; }
  }

  // A new view: the clock of its turn. `server` is the view's stored timer (undefined when the
  // answer carried none: an event within the same turn keeps the clock as it runs).
  //
  // `entered`: the view is the answer to an event this screen entered; when it opens a new turn and
  // "start the timer with each turn" is on (autoStartOn), the new turn's timer starts by itself.
  function sync(server, entered) {
    const view = screen.view;
    const key = turnKey(view);
    const before = clock ? clock.turn : null;
    if (clock && before !== key) left[before] = clock;
    if (!key) { clock = null; return; }
    if (clock && clock.turn === key && server === undefined) return;
    const mine = readStored();
    const stored = mine && mine.turn === key ? mine : (left[key] || mine);
    clock = clockFor(key, { server, stored, current: clock, seconds: view.timer.seconds }, Date.now());
    alerted[key] = alerted[key] || alertedFor(remainingMs(clock, Date.now()));
    save();
    if (server && server.turn === key && !server.running && server.remaining_ms === server.seconds * 1000 && touched(clock)) {
      repair(clock);  // an undone turn whose stored timer the next turn's replaced: the server gets it back
    } else if (entered && before !== key && autoStartOn() && !touched(clock)) {
      act("start");
    }
  }

  function touched(c) {
    return c.running || c.remaining !== c.seconds * 1000;
  }

  // The server's timer set to this clock's (the door knows start, stop, add, reset: a fresh timer
  // plus the difference, then started if it runs).
  function repair(c) {
    const diff = Math.round((remainingMs(c, Date.now()) - c.seconds * 1000) / 1000);
    if (diff) request({ action: "add", turn: c.turn, seconds: diff });
    if (c.running) request({ action: "start", turn: c.turn, seconds: 0 });
  }

  function act(action, seconds) {
    if (!clock) return;
    unlockSound();
    const now = Date.now();
    if (action === "start") clock = started(clock, now);
    else if (action === "stop") clock = stopped(clock, now);
    else if (action === "add") {
      clock = added(clock, seconds, now);
      if (remainingMs(clock, now) > WARN_MS) alerted[clock.turn] = { ten: false, zero: false };
    } else if (action === "reset") {
      clock = reset(clock);
      alerted[clock.turn] = { ten: false, zero: false };
    }
    save();
    render();
    request({ action, turn: clock.turn, seconds: seconds || 0 });
  }

  // One request at a time, in the order pressed (↑ held down sends many); the server's answer
  // is taken only after the last one, so the display never jumps back to an older state.
  function request(body) {
    pending += 1;
    chain = chain.then(() => screen.client.timer(body)).then((answer) => {
      pending -= 1;
      if (!pending && answer && answer.clock && clock && answer.clock.turn === clock.turn) {
        clock = fromServer(answer.clock, Date.now()); save(); render();
      }
    }, () => { pending -= 1; /* offline: the browser's copy holds until the next load */ });
  }

  function render() {
    const box = $("c-timer");
    if (!clock) {
      $("c-time").textContent = "–:––";
      box.setAttribute("data-running", "false");
      box.setAttribute("data-remaining", "");
      box.className = "c-timer off";
      $("c-time-note").textContent = "";
      BUTTONS.forEach((id) => { $(id).disabled = true; });
      return;
    }
    BUTTONS.forEach((id) => { $(id).disabled = false; });
    const left = remainingMs(clock, Date.now());
    const stage = clockStage(left);
    $("c-time").textContent = clockText(left);
    box.setAttribute("data-running", clock.running ? "true" : "false");
    box.setAttribute("data-remaining", String(Math.round(left / 1000)));
    box.className = "c-timer" + (stage ? " " + stage : "");
    $("c-time-note").textContent = stage === "over" ? screen.T.timer_over : "";
    $("c-timer-toggle").textContent = clock.running ? screen.T.stop : screen.T.start;
    const due = beepDue(clock, alerted[clock.turn] || { ten: false, zero: false }, left);
    alerted[clock.turn] = due.alerted;
    if (due.beep) beep(screen.root, due.beep);
  }

  function toggle() { if (clock) act(clock.running ? "stop" : "start"); }

  $("c-timer-toggle").addEventListener("click", toggle);
  $("c-timer-minus").addEventListener("click", () => { act("add", -STEP_SECONDS); });
  $("c-timer-plus").addEventListener("click", () => { act("add", STEP_SECONDS); });
  $("c-timer-reset").addEventListener("click", () => { act("reset"); });
  setInterval(() => { if (clock && clock.running) render(); }, TICK_MS);
  const auto = $("c-timer-auto");
  if (auto) {
    auto.checked = autoStartOn();
    auto.addEventListener("change", () => { setAutoStart(auto.checked); });
  }

  return { sync, act, toggle, render, step: STEP_SECONDS };
}
