// The night panel: the blacks' shots (each black named by its order among the blacks in the game,
// "black 1 / 2", its seat only while the roles are shown: the screen faces the judge, but a glance
// from the table must not learn who shoots), and the don's and the sheriff's checks with their
// answers (in the morning only while the roles are held).
import { choice, el } from "./dom.js";
import { fmt } from "./format.js";
import { currentShooter, first, shooters } from "./legal.js";
import { SEATS } from "./seats.js";

export function renderShooting(screen, panel, night) {
  const { view, T, ROLE } = screen;
  const by = currentShooter(view, screen.shooter);
  // each black by his ordinal among the blacks still in the game: "black 1 / 2" once the first is
  // out (view.shooting); without it (an older server) by seat among all the blacks
  const shooting = view.shooting;
  const all = SEATS.filter((n) => ROLE[n] === "black" || ROLE[n] === "don");
  const numbered = (seat) => {
    const b = shooting ? shooting.blacks.find((x) => x.seat === seat) : null;
    return b ? { n: b.ordinal, of: b.of } : { n: all.indexOf(seat) + 1, of: all.length };
  };
  const allShot = !!(shooting && shooting.all_shot);
  const hint = el("p", { "class": "c-big", id: "c-shot-hint" },
    allShot ? T.all_shot : (by !== null ? fmt(T.shot_hint, numbered(by)) : T.close_shooting));
  if (by !== null && !allShot) hint.appendChild(el("span", { "class": "c-secret c-inline" }, " (" + by + ")"));
  panel.appendChild(hint);
  const row = el("div", { "class": "c-choices" });
  shooters(view).forEach((seat) => {
    const b = el("button", { type: "button", "class": "c-choice", "data-by": seat, "aria-pressed": seat === by ? "true" : "false" },
      fmt(T.shooter, numbered(seat)));
    b.appendChild(el("span", { "class": "c-secret c-inline" }, " (" + seat + ")"));
    b.addEventListener("click", () => { screen.shooter = seat; screen.render(); });
    row.appendChild(b);
  });
  if (by !== null) row.appendChild(choice(screen, T.shot_none, first(view, "shot", (e) => e.by === by && e.at === null), undefined, { id: "c-none" }));
  panel.appendChild(row);
  const shots = night ? night.shots.map((x) => fmt(T.shooter, numbered(x[0])) + " → " + (x[1] === null ? T.none : x[1])) : [];
  panel.appendChild(el("p", {}, shots.length ? fmt(T.shots, { list: shots.join(", ") }) : T.no_shots));
}

export function renderCheck(screen, panel, night) {
  const { view, T } = screen;
  const p = view.state.phase;
  panel.appendChild(el("p", { "class": "c-big" }, T.check_hint));
  const row = el("div", { "class": "c-choices" });
  row.appendChild(choice(screen, T.check_none, first(view, p, (e) => e.target === null), undefined, { id: "c-none" }));
  panel.appendChild(row);
  renderCheckAnswers(screen, panel, night);
}

// The night's checks: in plain words during the night's checks; in the morning only while the
// roles are held (c-secret), as the roles are: a glance from the table must not learn them.
export function renderCheckAnswers(screen, panel, night) {
  const T = screen.T;
  if (!night) return;
  const p = screen.view.state.phase;
  const cls = p === "don_check" || p === "sheriff_check" ? "c-check" : "c-check c-secret";
  if (night.don_check) {
    const [seat, isSheriff] = night.don_check;
    panel.appendChild(el("p", { "class": cls }, fmt(T.don_answer, { seat: seat === null ? T.none : seat,
      answer: seat === null ? T.nothing : (isSheriff ? T.is_sheriff : T.not_sheriff) })));
  }
  if (night.sheriff_check) {
    const [seat, colour] = night.sheriff_check;
    panel.appendChild(el("p", { "class": cls }, fmt(T.sheriff_answer, { seat: seat === null ? T.none : seat,
      answer: seat === null ? T.nothing : (colour === "black" ? T.is_black : T.is_red) })));
  }
}
