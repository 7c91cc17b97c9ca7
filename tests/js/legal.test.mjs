// What the judge's taps and keys give, read from the view's legal events (static/console/legal.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import {
  bestMoveEvent, currentShooter, maxCount, nomination, seatEvent, toggledNamed, typeDigit, voteEvent,
} from "../../static/console/legal.js";

const view = (phase, legal, state = {}) => ({ state: { phase, turn: null, ...state }, legal });

describe("a tap on a seat", () => {
  it("nominates the seat in a speech, or withdraws it when that is what the rules allow", () => {
    const v = view("day_speech", [{ type: "nominate", by: 2, seat: 5 }, { type: "withdraw", by: 2, seat: 7 }], { turn: { seat: 2 } });
    assert.deepEqual(seatEvent(v, 5, null), { type: "nominate", by: 2, seat: 5 });
    assert.deepEqual(seatEvent(v, 7, null), { type: "withdraw", by: 2, seat: 7 });
    assert.equal(seatEvent(v, 3, null), null);
  });
  it("asks for a refused nomination all the same, so the server says which rule refuses it", () => {
    const v = view("day_speech", [], { turn: { seat: 2 } });
    assert.deepEqual(nomination(v, 2), { type: "nominate", by: 2, seat: 2 });
  });
  it("enters the chosen black's shot, else the first black's still to shoot", () => {
    const v = view("shooting", [
      { type: "shot", by: 3, at: 5 }, { type: "shot", by: 3, at: null }, { type: "shot", by: 8, at: 5 }, { type: "shot", by: 8, at: null },
    ]);
    assert.equal(currentShooter(v, null), 3);
    assert.deepEqual(seatEvent(v, 5, 8), { type: "shot", by: 8, at: 5 });
    assert.equal(currentShooter(v, 4), 3, "a seat that may not shoot is no choice");
  });
  it("checks the seat at the sheriff's check", () => {
    const v = view("sheriff_check", [{ type: "sheriff_check", target: 6 }, { type: "sheriff_check", target: null }]);
    assert.deepEqual(seatEvent(v, 6, null), { type: "sheriff_check", target: 6 });
  });
});

describe("a vote", () => {
  const v = view("voting", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => ({ type: "vote", seat: 4, count: n })));
  it("offers as many votes as are left", () => {
    assert.equal(maxCount(v), 12);
  });
  it("types a two-digit count while it is possible, else starts again", () => {
    assert.equal(typeDigit("1", "2", 12), "12");
    assert.equal(typeDigit("1", "3", 12), "3");
    assert.equal(typeDigit("", "0", 12), "0");
  });
  it("gives the vote of a typed count, and none above the votes left", () => {
    assert.deepEqual(voteEvent(v, 7), { type: "vote", seat: 4, count: 7 });
    assert.equal(voteEvent(v, 13), null);
  });
  it("counts the all-leave vote's votes for", () => {
    const all = view("all_leave_vote", [{ type: "vote_all", for: 0 }, { type: "vote_all", for: 6 }]);
    assert.equal(maxCount(all), 6);
    assert.deepEqual(voteEvent(all, 6), { type: "vote_all", for: 6 });
  });
});

describe("the best move", () => {
  const v = view("best_move", [{ type: "best_move", seats: [2, 5] }, { type: "best_move", seats: [2, 5, 9] }, { type: "next" }]);
  it("keeps the order the player named the seats in", () => {
    assert.deepEqual(bestMoveEvent(v, [9, 2, 5]), { type: "best_move", seats: [9, 2, 5] });
  });
  it("gives no event for seats the rules do not take", () => {
    assert.equal(bestMoveEvent(v, [2, 6]), null);
  });
  it("names at most three seats, each one the rules allow, and takes one back on a second tap", () => {
    assert.deepEqual(toggledNamed(v, [2], 5), [2, 5]);
    assert.deepEqual(toggledNamed(v, [2, 5], 2), [5]);
    assert.deepEqual(toggledNamed(v, [2], 7), [2]);
    assert.deepEqual(toggledNamed(v, [2, 5, 9], 1), [2, 5, 9]);
  });
});
