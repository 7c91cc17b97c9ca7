// One tap, one event: a double tap must not count twice. screen.js asks this gate before it sends
// a tapped event; one identical to the last event sent within REPEAT_MS of its sending or of its
// answer is dropped. (While an event is in flight the screen's taps are locked as well, and keys
// are not gated: screen.js.)
//
//   const gate = createIntentGate(() => Date.now())
//   gate.allow(event)   → true: send it (remembered as the last); false: a repeat, drop it
//   gate.note(event)    an event sent by a key: remembered as the last, never dropped
//   gate.settled(event) the answer came: the window runs again from now
export const REPEAT_MS = 400;

// The event as a key: its fields in a fixed order, so {seat, type} and {type, seat} are one. A
// "next" is one intent whoever has the floor: its seat is the view's, not the judge's choice, so a
// second tap right after the answer (now naming the next speaker) is still the same tap.
export function intentKey(event) {
  if (!event || typeof event !== "object") return JSON.stringify(event);
  const fields = Object.keys(event).filter((k) => !(event.type === "next" && k === "seat")).sort();
  return JSON.stringify(fields.map((k) => [k, event[k]]));
}

export function createIntentGate(now, windowMs = REPEAT_MS) {
  let last = null;  // {key, at}
  return {
    allow(event) {
      const key = intentKey(event), t = now();
      if (last && last.key === key && t - last.at < windowMs) return false;
      last = { key, at: t };
      return true;
    },
    note(event) {
      last = { key: intentKey(event), at: now() };
    },
    settled(event) {
      const key = intentKey(event);
      if (last && last.key === key) last = { key, at: now() };
    },
  };
}
