// The ceremony's keys (static/ceremony.js): a presenter's remote and the keyboard step through the awards.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { stepFor } from "../../static/ceremony.js";

describe("stepFor", () => {
  it("reveals the next award on Page Down, the space bar, Enter and the right arrow", () => {
    for (const key of ["PageDown", " ", "Enter", "ArrowRight"]) assert.equal(stepFor(key), "next", key);
  });
  it("goes back on Page Up, the left arrow and Backspace", () => {
    for (const key of ["PageUp", "ArrowLeft", "Backspace"]) assert.equal(stepFor(key), "previous", key);
  });
  it("ignores any other key", () => {
    for (const key of ["a", "Tab", "Escape", "ArrowDown"]) assert.equal(stepFor(key), null, key);
  });
});
