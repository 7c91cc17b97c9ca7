// The speech timer's arithmetic (static/console/timer.js): what the judge's clock shows and when
// it beeps, from a stored deadline.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  added, alertedFor, beepDue, clockFor, clockStage, clockText, freshClock, fromServer, remainingMs, reset, started,
  stopped, turnKey,
} from "../../static/console/timer.js";

const T0 = Date.parse("2026-05-01T10:00:00Z");

describe("clockText", () => {
  it("writes minutes and seconds, rounding the time left up", () => {
    assert.equal(clockText(60000), "1:00");
    assert.equal(clockText(59001), "1:00");
    assert.equal(clockText(65000), "1:05");
    assert.equal(clockText(9999), "0:10");
    assert.equal(clockText(1), "0:01");
    assert.equal(clockText(0), "0:00");
  });
  it("writes the time over with a minus, rounding down", () => {
    assert.equal(clockText(-1), "0:00".replace(/^/, "−"));
    assert.equal(clockText(-3500), "−0:03");
    assert.equal(clockText(-61000), "−1:01");
  });
});

describe("a running clock", () => {
  it("counts down from its deadline, whatever happened in between (a reload, a sleeping tablet)", () => {
    const clock = started(freshClock("D1#0", 60), T0);
    assert.equal(remainingMs(clock, T0 + 15000), 45000);
    assert.equal(clockText(remainingMs(clock, T0 + 75000)), "−0:15");
  });

  it("stops with what it had left, and starts again from there", () => {
    let clock = started(freshClock("D1#0", 60), T0);
    clock = stopped(clock, T0 + 20000);
    assert.equal(clock.running, false);
    assert.equal(remainingMs(clock, T0 + 500000), 40000, "a stopped clock does not run");
    clock = started(clock, T0 + 100000);
    assert.equal(remainingMs(clock, T0 + 110000), 30000);
  });

  it("takes 5 s off or gives 5 s, running or not, never below zero", () => {
    const running = started(freshClock("D1#0", 60), T0);
    assert.equal(remainingMs(added(running, 5, T0 + 10000), T0 + 10000), 55000);
    assert.equal(remainingMs(added(running, -5, T0 + 10000), T0 + 10000), 45000);
    const idle = freshClock("D1#0", 60);
    assert.equal(remainingMs(added(idle, -5, T0), T0), 55000);
    assert.equal(remainingMs(added({ ...idle, remaining: 3000 }, -5, T0), T0), 0);
  });

  it("resets to the turn's full time, stopped", () => {
    const clock = reset(started(freshClock("D1#0", 30), T0));
    assert.equal(clock.running, false);
    assert.equal(remainingMs(clock, T0 + 99999), 30000);
  });
});

describe("the server's timer on this device", () => {
  it("moves the deadline by the difference between the server's clock and this one", () => {
    const server = { turn: "D1#0", seconds: 60, running: true, now: "2026-05-01T10:00:00Z",
      deadline: "2026-05-01T10:00:40Z", remaining_ms: 40000 };
    const clock = fromServer(server, T0 + 3000);  // this device is 3 s ahead
    assert.equal(remainingMs(clock, T0 + 3000), 40000);
  });

  it("wins over the browser's copy once it was touched, and loses to it while untouched", () => {
    const stored = { ...freshClock("D1#0", 60), remaining: 12000 };
    const untouched = { turn: "D1#0", seconds: 60, running: false, now: "2026-05-01T10:00:00Z", deadline: null, remaining_ms: 60000 };
    assert.equal(remainingMs(clockFor("D1#0", { server: untouched, stored, current: null, seconds: 60 }, T0), T0), 12000);
    const touched = { ...untouched, remaining_ms: 50000 };
    assert.equal(remainingMs(clockFor("D1#0", { server: touched, stored, current: null, seconds: 60 }, T0), T0), 50000);
  });

  it("starts a fresh clock for a new turn, ignoring another turn's copy", () => {
    const stored = { ...freshClock("D1#0", 60), remaining: 12000 };
    const clock = clockFor("D1#1", { server: undefined, stored, current: null, seconds: 60 }, T0);
    assert.deepEqual(clock, freshClock("D1#1", 60));
  });

  it("names a turn by its label and the speeches already given", () => {
    const view = { timer: { seconds: 60 }, state: { label: "D2" }, trace: { speeches: { D2: [1, 2, 3] } } };
    assert.equal(turnKey(view), "D2#3");
    assert.equal(turnKey({ ...view, timer: null }), "");
  });
});

describe("the beeps", () => {
  const running = started(freshClock("D1#0", 60), T0);
  const none = { ten: false, zero: false };

  it("beeps once at ten seconds left and once at the end", () => {
    let flags = none;
    const at = (left) => { const due = beepDue(running, flags, left); flags = due.alerted; return due.beep; };
    assert.equal(at(30000), null);
    assert.equal(at(10000), "ten");
    assert.equal(at(9000), null);
    assert.equal(at(0), "zero");
    assert.equal(at(-2000), null);
  });

  it("never beeps for a stopped clock", () => {
    assert.equal(beepDue(stopped(running, T0 + 55000), none, 5000).beep, null);
  });

  it("gives no beep for what a clock taken up (a reload) had already passed", () => {
    assert.deepEqual(alertedFor(8000), { ten: true, zero: false });
    assert.equal(beepDue(running, alertedFor(8000), 7000).beep, null);
    assert.deepEqual(alertedFor(-1), { ten: true, zero: true });
  });

  it("colours the last ten seconds and the time over", () => {
    assert.equal(clockStage(10001), "");
    assert.equal(clockStage(10000), "warn");
    assert.equal(clockStage(0), "over");
  });
});
