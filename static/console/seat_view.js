// How a seat is written on the judge's screen: pure functions of the view's state and the page's
// texts (T), so what a seat says can be checked without a browser.
import { fmt, labelText } from "./format.js";

export const MAX_FOULS = 4;

// "in the game", or how and when the seat left ("killed Night 1"), and "removed" when the judge
// removed it (7.13) without that being how it left.
export function seatState(T, state, seat) {
  const key = String(seat);
  const left = state.left[key];
  const words = [];
  if (left) {
    const [how, label] = left.split("@");
    words.push((T[how] || how) + " " + labelText(T, label));
  }
  if (state.removed[key] && (!left || left.indexOf("removed") !== 0)) words.push(T.removed);
  if (!words.length) words.push(T.in_game);
  return words.join(", ");
}

export function foulCount(state, seat) {
  return state.fouls[String(seat)] || 0;
}

// Fouls as dots: "●●○○" for two of four.
export function foulDots(fouls) {
  const n = Math.max(0, Math.min(MAX_FOULS, fouls));
  return "●".repeat(n) + "○".repeat(MAX_FOULS - n);
}

// What the seat is doing now, as marks: ▶ speaking, ▲2 the second nominee, ★ named for the best
// move, ◆ picked by a digit or a tap.
export function seatMarks(T, { speaking, nominee, named, picked }) {
  const marks = [];
  if (speaking) marks.push("▶ " + T.speaking);
  if (nominee >= 0) marks.push("▲" + (nominee + 1) + " " + T.nominated);
  if (named) marks.push("★ " + T.best_move);
  if (picked) marks.push("◆ " + T.picked);
  return marks.join(" ");
}

// The seat card's classes, which the stylesheet draws (out, speaking, nominee, …, fouls-N).
export function seatClasses({ inGame, speaking, nominee, picked, named, actionable, fouls }) {
  return "c-seat" + (inGame ? "" : " out") + (speaking ? " speaking" : "") + (nominee >= 0 ? " nominee" : "") +
    (picked ? " picked" : "") + (named ? " chosen" : "") + (actionable ? " actionable" : "") + " fouls-" + fouls;
}

export function foulTitle(T, seat, fouls) {
  return fmt(T.foul_title, { seat, n: fouls });
}
