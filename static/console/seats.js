// The table of seats: each card's state, marks, role and foul button (seat_view.js words them).
import { bestMoveOpen, canNameForBestMove, first, seatEvent } from "./legal.js";
import { foulCount, foulDots, foulTitle, seatClasses, seatMarks, seatState } from "./seat_view.js";

export const SEATS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export function renderSeats(screen) {
  const { view, T, ROLE } = screen;
  const s = view.state;
  const turnSeat = s.turn ? s.turn.seat : (view.timer ? view.timer.seat : null);
  const bestOpen = bestMoveOpen(view);
  SEATS.forEach((seat) => {
    const li = screen.root.querySelector('.c-seat[data-seat="' + seat + '"]');
    const fouls = foulCount(s, seat);
    const here = {
      inGame: s.in_game.indexOf(seat) >= 0,
      speaking: turnSeat === seat,
      nominee: s.nominees.indexOf(seat),
      named: screen.named.indexOf(seat) >= 0,
      picked: screen.picked === seat,
      actionable: bestOpen ? canNameForBestMove(view, seat) : !!seatEvent(view, seat, screen.shooter),
      fouls,
    };
    li.className = seatClasses(here);
    li.querySelector(".c-state").textContent = seatState(T, s, seat);
    li.querySelector(".c-marks").textContent = seatMarks(T, here);
    const role = li.querySelector(".c-role");
    role.textContent = T.role[ROLE[seat]] || "";
    role.setAttribute("data-letter", T.role_letter[ROLE[seat]] || "");
    const button = li.querySelector(".c-foul");
    button.disabled = !first(view, "foul", (e) => e.seat === seat);
    li.querySelector(".c-foul-long").textContent = T.foul;
    li.querySelector(".c-foul-short").textContent = T.foul_short;
    li.querySelector(".c-foul-count").textContent = String(fouls);
    li.querySelector(".c-foul-dots").textContent = " " + foulDots(fouls);
    button.setAttribute("aria-label", foulTitle(T, seat, fouls));
  });
}
