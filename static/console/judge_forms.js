// The judge's decisions under the screen: a removal (7.13) and an override (7.16), each with the
// reason the judge types; the server names the rule if it refuses (7.16.1, 7.16.2).

export function listenToJudgeForms(screen) {
  document.getElementById("c-remove-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target, reason = form.reason.value.trim();
    const event = { type: "remove", seat: parseInt(form.seat.value, 10), kind: form.kind.value };
    if (reason) event.reason = reason;
    screen.act(() => { screen.send(event); });
  });
  document.getElementById("c-override-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const form = e.target, what = form.what.value;
    const event = { type: "override", what, reason: form.reason.value.trim() };
    if (what === "fouls") { event.seat = parseInt(form.seat.value, 10); event.fouls = parseInt(form.fouls.value, 10); }
    if (what === "result") event.result = form.result.value;
    screen.act(() => { screen.send(event); });
  });
}
