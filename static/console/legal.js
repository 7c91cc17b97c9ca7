// What the rules allow now, read from the view's `legal` list (spec/game-log.md): the screen builds
// every event from it, so it never offers what the rules refuse. Pure functions of the view.

export function legal(view, type, test) {
  if (!view) return [];
  return view.legal.filter((e) => e.type === type && (!test || test(e)));
}

export function first(view, type, test) {
  return legal(view, type, test)[0] || null;
}

export function bestMoveOpen(view) {
  return legal(view, "best_move").length > 0;
}

export function canNameForBestMove(view, seat) {
  return !!first(view, "best_move", (e) => e.seats.indexOf(seat) >= 0);
}

// The blacks who may still shoot, in seat order, each once.
export function shooters(view) {
  const seen = [];
  legal(view, "shot").forEach((e) => { if (seen.indexOf(e.by) < 0) seen.push(e.by); });
  return seen;
}

// The black whose shot is being entered: the one the judge chose, else the first still to shoot.
export function currentShooter(view, chosen) {
  const all = shooters(view);
  if (chosen !== null && all.indexOf(chosen) >= 0) return chosen;
  return all.length ? all[0] : null;
}

// The legal withdrawal or nomination of `seat`; else the nomination the judge asked for, so that
// the rules say why not (7.5: twice, not in the game, not now …).
export function nomination(view, seat) {
  const turn = view.state.turn;
  return first(view, "withdraw", (e) => e.seat === seat) || first(view, "nominate", (e) => e.seat === seat) ||
    { type: "nominate", by: turn && turn.seat ? turn.seat : seat, seat };
}

// What a tap on a seat means in this phase: nominate (or withdraw) in a speech, the current
// black's shot, the don's or the sheriff's check; null when a seat means nothing now.
export function seatEvent(view, seat, chosenShooter) {
  const p = view.state.phase;
  if (p === "day_speech") {
    return first(view, "withdraw", (e) => e.seat === seat) || first(view, "nominate", (e) => e.seat === seat);
  }
  if (p === "shooting") {
    const by = currentShooter(view, chosenShooter);
    return first(view, "shot", (e) => e.by === by && e.at === seat);
  }
  if (p === "don_check" || p === "sheriff_check") return first(view, p, (e) => e.target === seat);
  return null;
}

// The most votes the judge may type now (a vote's count, or the all-leave vote's "for").
export function maxCount(view) {
  const counts = legal(view, "vote").map((e) => e.count).concat(legal(view, "vote_all").map((e) => e["for"]));
  return counts.length ? Math.max(...counts) : 0;
}

// The vote event a typed count gives, or null when the count is more than the votes left.
export function voteEvent(view, n) {
  if (view.state.phase === "voting") return first(view, "vote", (e) => e.count === n);
  return first(view, "vote_all", (e) => e["for"] === n);
}

// A digit typed in a vote: appended while the count stays possible, else it starts a new count.
export function typeDigit(typed, digit, max) {
  const next = parseInt(typed + digit, 10);
  return next <= max ? String(next) : digit;
}

// The best move in the order the player named the seats (the legal list has each set once, sorted).
export function bestMoveEvent(view, named) {
  const sorted = named.slice().sort((a, b) => a - b);
  const key = JSON.stringify(sorted);
  const found = first(view, "best_move", (e) => JSON.stringify(e.seats) === key);
  return found ? { type: "best_move", seats: named.slice() } : null;
}

// A seat named for the best move or taken back; at most three, each one the rules allow.
export function toggledNamed(view, named, seat) {
  if (named.indexOf(seat) >= 0) return named.filter((s) => s !== seat);
  if (named.length < 3 && canNameForBestMove(view, seat)) return named.concat([seat]);
  return named;
}
