/* The live tables: one table (/t/<slug>/tables/<n>/live/) or every table of the round on the
   projector's "tables" panel. Polls the JSON the element names (data-json-url) every
   data-poll-ms (poll.js) and redraws; roles, shots and checks are never sent before sign-off, so
   nothing here hides anything. Texts come from the page (#live-texts, the catalogue's words);
   live_format.js writes them. */
import { foulsText, secondsLeft, voteLine } from "./live_format.js";
import { follow } from "./live_socket.js";
import { poll } from "./poll.js";

const root = document.getElementById("live");
if (root) start(root);

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function start(root) {
  const texts = JSON.parse(document.getElementById("live-texts").textContent);
  const every = parseInt(root.dataset.pollMs || "1500", 10);
  const box = root.querySelector(".live-body");
  const status = root.querySelector(".live-status");

  function seatLine(view, row) {
    const s = view.state;
    const key = String(row.seat);
    const li = el("li", "live-seat");
    li.value = row.seat;
    li.dataset.seat = key;
    li.appendChild(el("span", "live-num", row.seat));
    li.appendChild(el("span", "live-nick", row.player));
    if (row.role) li.appendChild(el("span", "live-role role-" + row.role, texts.roles[row.role] || row.role));
    if (s) {
      const fouls = foulsText(texts, s.fouls[key] || 0);
      if (fouls) li.appendChild(el("span", "live-fouls", fouls));
      const left = s.left[key];
      if (left) {
        li.classList.add("out");
        li.appendChild(el("span", "live-left", "— " + left.name + " " + left.on));
      } else if (s.in_game.indexOf(row.seat) < 0) {
        li.classList.add("out");
        li.appendChild(el("span", "live-left", "— " + texts.out));
      }
      if (s.speaker === row.seat) { li.classList.add("speaking"); li.appendChild(el("span", "live-mark", "▶ " + texts.speaker)); }
      if (s.nominees.indexOf(row.seat) >= 0) li.appendChild(el("span", "live-mark", "☝ " + texts.nominees));
    }
    return li;
  }

  function tableBlock(view, compact) {
    const block = el("section", "live-table" + (compact ? " compact" : ""));
    block.dataset.table = view.table;
    block.appendChild(el("h2", "live-title", texts.table.replace("%(n)s", view.table)));
    const s = view.state;
    if (!s) {
      block.appendChild(el("p", "live-phase", view.signed_off ? texts.signed_off : texts.no_console));
    } else {
      block.appendChild(el("p", "live-phase", s.phase_name + (s.label ? " · " + s.label : "")));
      if (s.speaker !== null || s.timer) {
        const now = el("p", "live-now");
        if (s.speaker !== null) now.appendChild(el("span", "live-speaker", texts.speaker + ": " + texts.seat + " " + s.speaker));
        if (s.timer) now.appendChild(el("span", "live-timer", " " + secondsLeft(s.timer) + " " + texts.seconds));
        block.appendChild(now);
      }
      if (s.nominees.length) block.appendChild(el("p", "live-nominees", texts.nominees + ": " + s.nominees.join(", ")));
      if (s.vote) block.appendChild(el("p", "live-vote", voteLine(texts, s.vote)));
    }
    if (view.result) block.appendChild(el("p", "live-result", texts.result + ": " + (texts.results[view.result] || view.result)));
    const list = el("ol", "live-seats");
    view.seats.forEach((row) => { list.appendChild(seatLine(view, row)); });
    block.appendChild(list);
    return block;
  }

  function render(data) {
    const blocks = data.tables ? data.tables.map((v) => tableBlock(v, true)) : [tableBlock(data, false)];
    box.replaceChildren(...blocks);
  }

  let current = null;
  function show(data) {
    current = data;
    render(data);
    if (status) status.hidden = true;
  }
  // a pushed table: the page's table, or one table of the projector's round
  function showTable(view) {
    if (current && current.tables) {
      const index = current.tables.findIndex((t) => t.table === view.table && t.game === view.game);
      if (index < 0) { fetchOnce(); return; }  // a new round: read it whole
      current.tables[index] = view;
      show(current);
    } else {
      show(view);
    }
  }
  function fetchOnce() {
    fetch(root.dataset.jsonUrl, { cache: "no-store", credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error("HTTP " + r.status))))
      .then(show, () => { if (status) status.hidden = false; });
  }
  const polling = (first) => poll(root.dataset.jsonUrl, {
    every,
    first,
    onData: show,
    onError: () => { if (status) status.hidden = false; },
  });

  const initial = document.getElementById("live-initial");
  if (initial) show(JSON.parse(initial.textContent));
  if (root.dataset.socket) {
    follow(root.dataset.socket, {
      onMessage: (message) => { if (message.kind === "table") showTable(message.data); },
      fallback: () => polling(0),
      onOpen: fetchOnce,  // what happened while the socket was closed
    });
  } else {
    polling(initial ? every : 0);
  }
}
