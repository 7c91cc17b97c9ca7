// How a seat is written on the judge's screen (static/console/seat_view.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { foulDots, foulTitle, seatClasses, seatMarks, seatState } from "../../static/console/seat_view.js";

const T = {
  in_game: "in the game", removed: "removed", killed: "killed", voted: "voted out", day: "Day {n}", night: "Night {n}",
  speaking: "speaking", nominated: "nominated", best_move: "best move", picked: "picked", foul_title: "Foul for seat {seat} ({n})",
};
const state = (extra) => ({ left: {}, removed: {}, fouls: {}, ...extra });

describe("seatState", () => {
  it("says a seat still playing is in the game", () => {
    assert.equal(seatState(T, state(), 4), "in the game");
  });
  it("says how and when a seat left, in the page's words", () => {
    assert.equal(seatState(T, state({ left: { 4: "killed@N1" } }), 4), "killed Night 1");
    assert.equal(seatState(T, state({ left: { 7: "voted@D2" } }), 7), "voted out Day 2");
  });
  it("adds the judge's removal when that is not how the seat left", () => {
    assert.equal(seatState(T, state({ left: { 4: "killed@N1" }, removed: { 4: "disqualified" } }), 4), "killed Night 1, removed");
    assert.equal(seatState(T, state({ removed: { 2: "disqualified" } }), 2), "removed");
  });
  it("does not say removed twice for a seat that left by its removal", () => {
    assert.equal(seatState(T, state({ left: { 3: "removed@D1" }, removed: { 3: "fouls" } }), 3), "removed Day 1");
  });
});

describe("fouls", () => {
  it("draws the fouls as filled dots out of four", () => {
    assert.equal(foulDots(0), "○○○○");
    assert.equal(foulDots(2), "●●○○");
    assert.equal(foulDots(4), "●●●●");
  });
  it("never draws more than four dots (an override may store more)", () => {
    assert.equal(foulDots(5), "●●●●");
  });
  it("names the seat and its count for a screen reader", () => {
    assert.equal(foulTitle(T, 3, 2), "Foul for seat 3 (2)");
  });
});

describe("marks and classes", () => {
  it("marks the speaker, the second nominee, a named seat and the picked seat", () => {
    assert.equal(seatMarks(T, { speaking: true, nominee: 1, named: true, picked: true }),
      "▶ speaking ▲2 nominated ★ best move ◆ picked");
    assert.equal(seatMarks(T, { speaking: false, nominee: -1, named: false, picked: false }), "");
  });
  it("gives a seat out of the game the class the stylesheet greys out, and its fouls", () => {
    assert.equal(seatClasses({ inGame: false, speaking: false, nominee: -1, picked: false, named: false, actionable: false, fouls: 3 }),
      "c-seat out fouls-3");
    assert.equal(seatClasses({ inGame: true, speaking: true, nominee: 0, picked: false, named: false, actionable: true, fouls: 0 }),
      "c-seat speaking nominee actionable fouls-0");
  });
});
