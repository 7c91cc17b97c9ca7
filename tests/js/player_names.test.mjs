// The nickname box's suggestions (static/player_names.js): asked a moment after the typing
// stops, an answer overtaken by a newer question dropped, nothing asked for an empty box.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { attach, namesUrl, WAIT_MS } from "../../static/player_names.js";

function fakePage(answers) {
  const listeners = {};
  const datalist = { children: [], replaceChildren(...nodes) { this.children = nodes; } };
  const input = {
    value: "",
    getAttribute: (name) => ({ list: "names", "data-player-names": "/players/names.json" })[name],
    addEventListener: (kind, fn) => { listeners[kind] = fn; },
  };
  const timers = [];
  const asked = [];
  const env = {
    document: { getElementById: (id) => (id === "names" ? datalist : null), createElement: () => ({ value: "" }) },
    location: { href: "https://example.org/players/1/vs/" },
    setTimeout: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
    clearTimeout: (id) => { timers[id - 1].fn = null; },
    fetch: (url) => { asked.push(url); return answers.shift()(); },
  };
  return { input, datalist, env, timers, asked, type(text) { input.value = text; listeners.input(); } };
}

const answer = (names) => () => Promise.resolve({ ok: true, json: () => Promise.resolve({ players: names.map((n, i) => ({ id: i + 1, nickname: n })) }) });

describe("namesUrl", () => {
  it("asks for the trimmed text, encoded", () => {
    assert.equal(namesUrl("/players/names.json", " Ёжик ", "https://example.org/x"), "https://example.org/players/names.json?q=%D0%81%D0%B6%D0%B8%D0%BA");
  });
});

describe("the suggestions", () => {
  it("ask once, a moment after the last key, and become the list's options", async () => {
    const page = fakePage([answer(["Ворон", "Воронеж"])]);
    attach(page.input, page.env);
    page.type("в");
    page.type("во");
    page.type("вор");
    const due = page.timers.filter((t) => t.fn);
    assert.equal(due.length, 1);
    assert.equal(due[0].ms, WAIT_MS);
    await due[0].fn();
    assert.equal(page.asked.length, 1);
    assert.match(page.asked[0], /q=%D0%B2%D0%BE%D1%80$/);
    assert.deepEqual(page.datalist.children.map((o) => o.value), ["Ворон", "Воронеж"]);
  });
  it("drop an answer that a newer question overtook", async () => {
    let release;
    const slow = () => new Promise((resolve) => { release = () => resolve(answer(["Старый"])()); }).then((r) => r);
    const page = fakePage([slow, answer(["Новый"])]);
    const box = attach(page.input, page.env);
    const first = box.ask("ст");
    await box.ask("нов");
    release();
    await first;
    assert.deepEqual(page.datalist.children.map((o) => o.value), ["Новый"]);
  });
  it("ask nothing for an empty box, and keep quiet without a connection", async () => {
    const page = fakePage([() => Promise.reject(new TypeError("offline"))]);
    const box = attach(page.input, page.env);
    await box.ask("   ");
    assert.equal(page.asked.length, 0);
    await box.ask("x");
    assert.deepEqual(page.datalist.children, []);
  });
});
