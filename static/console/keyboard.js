// The console's keys: digits pick a seat (0 = 10; in a vote they type the count), F foul, N
// nominate, Enter next / enter what was picked, "-" several seats or nothing shown, Space the
// timer, ↑/↓ ±5 s, Backspace undo, R (held) the roles. The Russian layout's letters in the same
// places (А, Т, К) do the same.
import { backspace, clearPicks, digit, enter, foul, nominatePicked, none } from "./actions.js";
import { unlockSound } from "./sound.js";

const FOUL = ["f", "а"], NOMINATE = ["n", "т"], ROLES = ["r", "к"];

function letter(key) {
  return key && key.length === 1 ? key.toLowerCase() : key;
}

export function listenToKeys(screen, timer, roles) {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const tag = (e.target && e.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    unlockSound();
    const key = e.key, lower = letter(key);
    // a key held down repeats: an event key counts once per press (↑/↓ may repeat)
    if (e.repeat && key !== "ArrowUp" && key !== "ArrowDown" && !ROLES.includes(lower)) { e.preventDefault(); return; }
    if (/^[0-9]$/.test(key)) { e.preventDefault(); digit(screen, key); return; }
    if (FOUL.includes(lower)) { e.preventDefault(); if (screen.picked !== null) foul(screen, screen.picked); return; }
    if (NOMINATE.includes(lower)) { e.preventDefault(); nominatePicked(screen); return; }
    if (key === "Enter") {
      if (tag === "A" || tag === "SUMMARY" || (e.target.closest && e.target.closest(".c-judge"))) return;  // a link, the judge's forms
      e.preventDefault(); enter(screen); return;
    }
    if (key === "-" || key === "Subtract") { e.preventDefault(); none(screen); return; }
    if (key === " " || key === "Spacebar") { e.preventDefault(); timer.toggle(); return; }
    if (key === "ArrowUp") { e.preventDefault(); timer.act("add", timer.step); return; }
    if (key === "ArrowDown") { e.preventDefault(); timer.act("add", -timer.step); return; }
    if (key === "Backspace") { e.preventDefault(); backspace(screen); return; }
    if (ROLES.includes(lower) && !e.repeat) { roles.show(true); return; }
    if (key === "Escape") clearPicks(screen);
  });
  document.addEventListener("keyup", (e) => {
    if (ROLES.includes(letter(e.key))) roles.show(false);
  });
}
