// The screen's gate against double taps (static/console/intent.js): one tap, one event.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { REPEAT_MS, createIntentGate, intentKey } from "../../static/console/intent.js";

function clock() {
  const c = { t: 1000 };
  c.now = () => c.t;
  return c;
}

describe("createIntentGate", () => {
  it("drops the same event tapped again within 400 ms", () => {
    const c = clock(), gate = createIntentGate(c.now);
    assert.equal(gate.allow({ type: "next" }), true);
    c.t += 150;
    assert.equal(gate.allow({ type: "next" }), false);
    c.t += 200;
    assert.equal(gate.allow({ type: "next" }), false);
  });

  it("lets the same event through once 400 ms have passed", () => {
    const c = clock(), gate = createIntentGate(c.now);
    gate.allow({ type: "foul", seat: 3 });
    c.t += REPEAT_MS;
    assert.equal(gate.allow({ type: "foul", seat: 3 }), true);
  });

  it("counts the window again from the answer of a slow request", () => {
    const c = clock(), gate = createIntentGate(c.now);
    gate.allow({ type: "next" });
    c.t += 900;  // the server answered late
    gate.settled({ type: "next" });
    c.t += 100;  // the second tap, queued behind the first, comes right after the answer
    assert.equal(gate.allow({ type: "next" }), false);
  });

  it("never drops a different event, however quick", () => {
    const c = clock(), gate = createIntentGate(c.now);
    assert.equal(gate.allow({ type: "foul", seat: 3 }), true);
    c.t += 10;
    assert.equal(gate.allow({ type: "foul", seat: 4 }), true);
    c.t += 10;
    assert.equal(gate.allow({ type: "next" }), true);
    c.t += 10;
    assert.equal(gate.allow({ type: "foul", seat: 4 }), true);  // the last was "next"
  });

  it("takes a second Next right after the answer as the same tap, though it names the next speaker", () => {
    const c = clock(), gate = createIntentGate(c.now);
    assert.equal(gate.allow({ type: "next", seat: 1 }), true);
    c.t += 120;
    gate.settled({ type: "next", seat: 1 });
    c.t += 80;
    assert.equal(gate.allow({ type: "next", seat: 2 }), false);  // seat 2's speech is not skipped
    c.t += REPEAT_MS;
    assert.equal(gate.allow({ type: "next", seat: 2 }), true);
  });

  it("counts an event sent by a key as the last, and never drops it", () => {
    const c = clock(), gate = createIntentGate(c.now);
    gate.note({ type: "next" });
    c.t += 50;
    assert.equal(gate.allow({ type: "next" }), false);  // a tap right after the key's Next
  });

  it("takes the fields in any order as one event", () => {
    assert.equal(intentKey({ type: "nominate", by: 1, seat: 5 }), intentKey({ seat: 5, by: 1, type: "nominate" }));
    assert.notEqual(intentKey({ type: "vote", seat: 5, count: 1 }), intentKey({ type: "vote", seat: 5, count: 2 }));
  });
});
