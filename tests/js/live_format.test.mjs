// How the hall's live tables write a table's moment (static/live_format.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { foulsText, secondsLeft, voteLine } from "../../static/live_format.js";

const texts = { fouls: "fouls", vote: "Vote", uncast: "not cast" };

describe("secondsLeft", () => {
  it("shows a turn's full time before the judge starts the timer", () => {
    assert.equal(secondsLeft({ seconds: 60, clock: null }), 60);
  });
  it("counts a running timer from its deadline at the server's time, rounded up", () => {
    const clock = { running: true, now: "2026-05-01T10:00:00.000Z", deadline: "2026-05-01T10:00:41.200Z", remaining_ms: 0 };
    assert.equal(secondsLeft({ seconds: 60, clock }), 42);
  });
  it("shows what a stopped timer has left, and never less than zero", () => {
    assert.equal(secondsLeft({ seconds: 60, clock: { running: false, remaining_ms: 15000 } }), 15);
    const over = { running: true, now: "2026-05-01T10:01:05Z", deadline: "2026-05-01T10:01:00Z" };
    assert.equal(secondsLeft({ seconds: 60, clock: over }), 0);
  });
});

describe("the seat's fouls and the vote", () => {
  it("writes fouls as dots and a number, and nothing for none", () => {
    assert.equal(foulsText(texts, 3), "●●● 3 fouls");
    assert.equal(foulsText(texts, 0), "");
  });
  it("writes each nominee's count, the one being counted and those to come", () => {
    const vote = { seats: [3, 7, 9], counts: { 3: 4 }, called: 7, uncast: 2 };
    assert.equal(voteLine(texts, vote), "Vote: 3: 4; 7: …; 9: – · not cast 2");
  });
});
