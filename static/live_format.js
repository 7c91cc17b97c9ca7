// How the live tables write a table's moment (live.js): pure functions of the public projection
// (console/live.py) and the page's words (#live-texts).

// The judge's stored timer (console/timer.py) as the hall sees it: what is left at this poll (a
// running timer counts down between polls; a stopped one shows what it has left), whole seconds
// rounded up, never below zero.
export function secondsLeft(timer) {
  const clock = timer.clock;
  if (!clock) return timer.seconds;
  const left = clock.running && clock.deadline ? Date.parse(clock.deadline) - Date.parse(clock.now) : clock.remaining_ms;
  return Math.max(0, Math.ceil(left / 1000));
}

// "●● 2 fouls"; "" for none.
export function foulsText(texts, fouls) {
  return fouls ? "●".repeat(fouls) + " " + fouls + " " + texts.fouls : "";
}

// "Vote: 3: 4; 7: …; 9: – · not cast 2": each nominee's count, "…" for the one being counted,
// "–" for those still to come.
export function voteLine(texts, vote) {
  const parts = vote.seats.map((seat) => {
    const n = vote.counts[String(seat)];
    return seat + ": " + (n === undefined ? (seat === vote.called ? "…" : "–") : n);
  });
  return texts.vote + ": " + parts.join("; ") + " · " + texts.uncast + " " + vote.uncast;
}
