// The panel under the seats: what this phase asks of the judge (vote_panel.js, night_panel.js),
// the nominations of a speech, the players tied (7.7.5), a vote that will not be held (7.13), the
// result to confirm, and the best move of the first killed (7.12).
import { choice, el, lastOf } from "./dom.js";
import { fmt } from "./format.js";
import { bestMoveEvent, bestMoveOpen, first, legal } from "./legal.js";
import { renderCheck, renderCheckAnswers, renderShooting } from "./night_panel.js";
import { renderAllLeaveVote, renderVote } from "./vote_panel.js";

function renderSpeech(screen, panel) {
  const { T } = screen, s = screen.view.state;
  panel.appendChild(el("p", { "class": "c-big" }, s.turn ? fmt(T.nominate_hint, { seat: s.turn.seat }) : ""));
  panel.appendChild(el("p", {}, s.nominees.length ? fmt(T.nominations, { list: s.nominees.join(", ") }) : T.no_nominations));
}

function renderResult(screen, panel) {
  const { view, T } = screen, s = view.state;
  if (s.result) panel.appendChild(el("p", { "class": "c-big" }, T.result[s.result] || s.result));
  if (s.phase === "over") {
    const row = el("div", { "class": "c-choices" });
    legal(view, "end").forEach((e) => {
      row.appendChild(choice(screen, fmt(T.confirm_result, { result: T.result[e.result] || e.result }), e, undefined, { id: "c-end-" + e.result }));
    });
    panel.appendChild(row);
  } else {
    const link = el("a", { href: screen.DATA.urls.protocol, "class": "c-button primary", id: "c-open-protocol" }, T.open_protocol);
    panel.appendChild(el("p")).appendChild(link);
    (view.protocol_problems || []).forEach((text) => { panel.appendChild(el("p", { "class": "error" }, text)); });
  }
}

function renderBestMove(screen, panel) {
  const { view, T, named } = screen, s = view.state;
  const p = s.phase;
  if (bestMoveOpen(view)) {
    panel.appendChild(el("p", { "class": "c-big" }, fmt(T.best_move_hint, { seat: s.first_killed ? s.first_killed.seat : "" })));
    const row = el("div", { "class": "c-choices" });
    const record = choice(screen, T.best_move_record + (named.length ? ": " + named.join(", ") : ""), bestMoveEvent(view, named));
    record.id = "c-best-move";
    row.appendChild(record);
    if (p === "best_move") row.appendChild(choice(screen, T.best_move_decline, first(view, "next"), undefined, { id: "c-best-move-none" }));
    panel.appendChild(row);
  }
  const fk = s.first_killed;
  if (fk && fk.named && fk.named.length && (p === "night_last_words" || p === "best_move")) {
    panel.appendChild(el("p", {}, fmt(T.best_move_named, { list: fk.named.join(", ") })));
  }
}

// A vote that will not be held (7.13, 7.16.1), in words with its clause: a removal cancels it
// silently otherwise. Nominations are still taken that day (7.5.8).
export function cancelledText(T, c) {
  if (!c) return "";
  const words = c.reason === "decision"
    ? fmt(T.vote_cancelled_decision, { day: c.day })
    : fmt(T.vote_cancelled_removal, { day: c.day, seats: (c.seats || []).join(", ") });
  return words + " (" + c.clause + "). " + T.vote_cancelled_nominations;
}

export function renderPanel(screen) {
  const panel = document.getElementById("c-panel");
  panel.textContent = "";
  const { view, T } = screen, s = view.state, p = s.phase;
  const night = lastOf(view.trace.nights);
  if (s.vote_cancelled) panel.appendChild(el("p", { "class": "c-cancelled", id: "c-vote-cancelled" }, cancelledText(T, s.vote_cancelled)));
  if (p === "day_speech") renderSpeech(screen, panel);
  else if (p === "voting") renderVote(screen, panel);
  else if (p === "all_leave_vote") renderAllLeaveVote(screen, panel);
  else if (p === "shooting") renderShooting(screen, panel, night);
  else if (p === "don_check" || p === "sheriff_check") renderCheck(screen, panel, night);
  else if (p === "over" || p === "ended") renderResult(screen, panel);
  else if (p === "tie_speech" || p === "last_words" || p === "night_last_words" || p === "best_move") {
    if (p === "tie_speech" && (s.tied || []).length) panel.appendChild(el("p", { id: "c-tied" }, fmt(T.tied, { list: s.tied.join(", ") })));
    if (p === "night_last_words" || p === "best_move") renderCheckAnswers(screen, panel, night);
  }
  renderBestMove(screen, panel);
}
