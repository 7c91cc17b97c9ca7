// What the judge's taps and keys do: each builds the event from what the rules allow now
// (legal.js) and hands it to the screen, one at a time (screen.act).
import { fmt } from "./format.js";
import {
  bestMoveEvent, bestMoveOpen, currentShooter, first, maxCount, nomination, seatEvent, toggledNamed, typeDigit,
  voteEvent,
} from "./legal.js";

function isVote(phase) { return phase === "voting" || phase === "all_leave_vote"; }
function isNightPick(phase) { return phase === "shooting" || phase === "don_check" || phase === "sheriff_check"; }

export function tapSeat(screen, seat) {
  screen.act(() => {
    const view = screen.view;
    screen.picked = seat;
    if (bestMoveOpen(view)) { screen.named = toggledNamed(view, screen.named, seat); screen.render(); return; }
    const event = view.state.phase === "day_speech" ? nomination(view, seat) : seatEvent(view, seat, screen.shooter);
    if (event) screen.send(event); else screen.render();
  });
}

export function foul(screen, seat) {
  screen.act(() => { screen.send(first(screen.view, "foul", (e) => e.seat === seat) || { type: "foul", seat }); });
}

export function nominatePicked(screen) {
  screen.act(() => { if (screen.picked !== null) screen.send(nomination(screen.view, screen.picked)); });
}

// A digit: in a vote it types the count; else it picks seat 1-9, or 10 for "0".
export function digit(screen, key) {
  screen.act(() => {
    const view = screen.view;
    if (isVote(view.state.phase)) {
      screen.typed = typeDigit(screen.typed, key, maxCount(view));
    } else {
      const seat = key === "0" ? 10 : parseInt(key, 10);
      screen.picked = seat;
      if (bestMoveOpen(view)) screen.named = toggledNamed(view, screen.named, seat);
    }
    screen.render();
  });
}

// Enter: the typed vote, the picked seat's shot or check, the named best move, else "next".
export function enter(screen) {
  screen.act(() => {
    const view = screen.view, p = view.state.phase;
    if (isVote(p)) {
      if (screen.typed === "") { screen.render(); return; }
      const n = parseInt(screen.typed, 10);
      screen.typed = "";
      const event = voteEvent(view, n);
      if (!event) { screen.say(fmt(screen.T.votes_left, { n: maxCount(view) }), "error"); screen.render(); return; }
      screen.send(event);
      return;
    }
    if (isNightPick(p) && screen.picked !== null) {
      const event = seatEvent(view, screen.picked, screen.shooter);
      if (event) { screen.send(event); return; }
    }
    if (bestMoveOpen(view) && screen.named.length) { screen.send(bestMoveEvent(view, screen.named)); return; }
    screen.send(first(view, "next") || first(view, "end"));
  });
}

// "-": nobody shot, or nobody was checked.
export function none(screen) {
  screen.act(() => {
    const view = screen.view, p = view.state.phase;
    if (p === "shooting") {
      const by = currentShooter(view, screen.shooter);
      screen.send(first(view, "shot", (e) => e.by === by && e.at === null));
    } else if (p === "don_check" || p === "sheriff_check") {
      screen.send(first(view, p, (e) => e.target === null));
    }
  });
}

export function undo(screen) {
  screen.act(() => { screen.send(first(screen.view, "undo")); });
}

// Backspace: a typed digit goes first, then the last event.
export function backspace(screen) {
  screen.act(() => {
    if (screen.typed) { screen.typed = screen.typed.slice(0, -1); screen.render(); } else screen.send(first(screen.view, "undo"));
  });
}

export function clearPicks(screen) {
  screen.act(() => { screen.picked = null; screen.typed = ""; screen.named = []; screen.render(); });
}
