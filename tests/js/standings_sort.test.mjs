// How a reader's click sorts the public standings (static/standings_sort.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { compareRows, nextDirection, sortValue } from "../../static/standings_sort.js";

describe("sortValue", () => {
  it("reads the numbers a Russian page writes with a comma", () => {
    assert.equal(sortValue(" 6,56 ", false), 6.56);
    assert.ok(sortValue("10,5", false) > sortValue("9,75", false));
  });
  it("reads an English page's numbers and a minus sign", () => {
    assert.equal(sortValue("6.56", false), 6.56);
    assert.equal(sortValue("−0,40", false), -0.4);
  });
  it("takes an empty cell as zero, and text in lower case", () => {
    assert.equal(sortValue("", false), 0);
    assert.equal(sortValue("Ёлка", true), "ёлка");
  });
});

describe("a click on a column", () => {
  it("sorts numbers high to low first, the place and names A to Z, and reverses on a second click", () => {
    assert.equal(nextDirection("total", false, null, 1), -1);
    assert.equal(nextDirection("place", false, null, 1), 1);
    assert.equal(nextDirection("nickname", true, "total", -1), 1);
    assert.equal(nextDirection("total", false, "total", -1), 1);
  });
  it("keeps tied rows in the standings' order", () => {
    const rows = [{ value: 5, place: 3 }, { value: 7, place: 2 }, { value: 5, place: 1 }];
    rows.sort((a, b) => compareRows(a, b, -1));
    assert.deepEqual(rows.map((r) => r.place), [2, 1, 3]);
  });
});
