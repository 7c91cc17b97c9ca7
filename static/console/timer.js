// The speech timer's arithmetic (RULES.md 7.15): a clock is a deadline, never a count of ticks, so
// a reload, a rotation or a sleeping tablet never resets it. Every function takes the time (`now`,
// ms since the epoch, this device's clock) and returns a new clock: nothing here reads the time.
//
// A clock: {turn, seconds, running, deadline (ms, this device's clock, while running),
// remaining (ms, while stopped)}.

export const WARN_MS = 10000;  // the first beep: ten seconds before the end
export const STEP_SECONDS = 5;  // ↑/↓ and the ±5 s buttons

export function freshClock(turn, seconds) {
  return { turn, seconds, running: false, deadline: null, remaining: seconds * 1000 };
}

// The server's stored timer (console/timer.py) on this device's clock: its deadline moved by the
// difference between the two clocks, read from the answer's `now`.
export function fromServer(c, now) {
  const offset = Date.parse(c.now) - now;
  return { turn: c.turn, seconds: c.seconds, running: c.running,
    deadline: c.deadline ? Date.parse(c.deadline) - offset : null, remaining: c.remaining_ms };
}

export function remainingMs(clock, now) {
  if (!clock) return 0;
  return clock.running ? clock.deadline - now : clock.remaining;
}

export function started(clock, now) {
  if (clock.running) return clock;
  return { ...clock, running: true, deadline: now + Math.max(remainingMs(clock, now), 0) };
}

export function stopped(clock, now) {
  if (!clock.running) return clock;
  return { ...clock, running: false, remaining: remainingMs(clock, now), deadline: null };
}

// Seconds added (or taken, when negative); what is left never goes below zero.
export function added(clock, seconds, now) {
  const left = Math.max(0, remainingMs(clock, now) + seconds * 1000);
  return clock.running ? { ...clock, deadline: now + left } : { ...clock, remaining: left };
}

export function reset(clock) {
  return freshClock(clock.turn, clock.seconds);
}

// "1:05", "0:00", and past the end "−0:03": the time left is rounded up (a speech has 0:01 left
// until its last millisecond), the time over is rounded down.
export function clockText(ms) {
  const sign = ms < 0 ? "−" : "";
  const total = ms < 0 ? Math.floor(-ms / 1000) : Math.ceil(ms / 1000);
  const sec = total % 60;
  return sign + Math.floor(total / 60) + ":" + (sec < 10 ? "0" : "") + sec;
}

// "warn" in the last ten seconds, "over" once the time is up, else "".
export function clockStage(ms) {
  if (ms <= 0) return "over";
  return ms <= WARN_MS ? "warn" : "";
}

// Which beeps are due: {ten, zero} are the beeps this turn already gave. A running clock that
// crosses ten seconds beeps once, and once more at zero; a stopped clock never beeps.
// Returns {beep: "ten" | "zero" | null, alerted: the flags after it}.
export function beepDue(clock, alerted, ms) {
  if (!clock || !clock.running) return { beep: null, alerted };
  if (!alerted.zero && ms <= 0) return { beep: "zero", alerted: { ...alerted, zero: true } };
  if (!alerted.ten && ms <= WARN_MS && ms > 0) return { beep: "ten", alerted: { ...alerted, ten: true } };
  return { beep: null, alerted };
}

// The flags of a clock just taken up: what it has already passed gives no beep.
export function alertedFor(ms) {
  return { ten: ms <= WARN_MS, zero: ms <= 0 };
}

// The turn a clock belongs to: the label and the number of speeches given in it ("D2#3"); "" when
// nobody's turn is timed.
export function turnKey(view) {
  if (!view || !view.timer) return "";
  const label = view.state.label || "";
  return label + "#" + ((view.trace.speeches[label] || []).length);
}

// The clock of turn `key`, from what is known: the server's stored timer, this browser's stored
// copy (localStorage), the clock on the screen. The server's wins when it was touched (running, or
// not full) or when the browser has no copy of this turn; else the browser's copy (a deadline set
// without a connection); else the screen's; else a fresh clock of `seconds`.
export function clockFor(key, { server, stored, current, seconds }, now) {
  const untouched = server && !server.running && server.remaining_ms === server.seconds * 1000;
  if (server && server.turn === key && (!untouched || !stored || stored.turn !== key)) return fromServer(server, now);
  if (stored && stored.turn === key) return stored;
  if (current && current.turn === key) return current;
  return freshClock(key, seconds);
}
