// The vote panel: whose vote is called, the votes left, the counts so far, and what the last
// nominee gets (7.8); the all-leave vote's count.
import { choice, el, lastOf } from "./dom.js";
import { fmt } from "./format.js";
import { legal, maxCount } from "./legal.js";

function currentRound(view) {
  const day = lastOf(view.trace.days);
  const round = day ? lastOf(day.rounds) : null;
  return round && round.counts ? round : null;
}

export function renderVote(screen, panel) {
  const { view, T, typed } = screen;
  const s = view.state;
  const round = currentRound(view);
  const called = legal(view, "vote")[0];
  if ((s.tied || []).length) panel.appendChild(el("p", { id: "c-tied" }, fmt(T.tied, { list: s.tied.join(", ") })));
  const order = round ? round.counts.map((c) => c[0]) : s.nominees;
  const at = called ? order.indexOf(called.seat) : -1;
  panel.appendChild(el("p", { "class": "c-big" }, called ? fmt(T.vote_call, { seat: called.seat, i: at + 1, n: order.length }) : ""));
  panel.appendChild(el("p", { "class": "c-left" }, fmt(T.votes_left, { n: maxCount(view) }) + (typed ? " · " + typed + "…" : "")));
  if (round) {
    const counted = round.counts.filter((c) => c[1] !== null).map((c) => c[0] + ": " + c[1]);
    if (counted.length) panel.appendChild(el("p", {}, fmt(T.vote_counts, { list: counted.join(", ") })));
    if (called && at === order.length - 2) {
      const lastSeat = order[order.length - 1];
      const rest = typed === "" ? "…" : Math.max(0, maxCount(view) - parseInt(typed, 10));
      panel.appendChild(el("p", { "class": "c-rest" }, fmt(T.vote_rest, { seat: lastSeat, n: rest })));
    }
  }
  const row = el("div", { "class": "c-choices" });
  legal(view, "vote").forEach((e) => { row.appendChild(choice(screen, String(e.count), e, undefined, { "data-count": e.count })); });
  panel.appendChild(row);
}

export function renderAllLeaveVote(screen, panel) {
  const { view, T, typed } = screen;
  const a = view.state.all_leave;
  const question = a ? fmt(T.all_leave, { list: a.seats.join(", "), needed: a.needed, voters: a.voters }) : T.all_leave_plain;
  panel.appendChild(el("p", { "class": "c-big", id: "c-all-leave" }, question + (typed ? " " + typed + "…" : "")));
  const row = el("div", { "class": "c-choices" });
  legal(view, "vote_all").forEach((e) => { row.appendChild(choice(screen, String(e["for"]), e, undefined, { "data-count": e["for"] })); });
  panel.appendChild(row);
}
