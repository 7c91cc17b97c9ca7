// What an answer of the server means for the console's queue (static/console/answers.js).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { answerKind, viewOf } from "../../static/console/answers.js";

const json = "application/json";

describe("answerKind", () => {
  it("keeps the event for later when the server fails (5xx)", () => {
    assert.equal(answerKind({ status: 502, contentType: "text/html" }), "offline");
    assert.equal(answerKind({ status: 500, contentType: json }, {}), "offline");
  });
  it("asks for a login on an expired session, however it shows", () => {
    assert.equal(answerKind({ status: 200, contentType: "text/html", loginRedirect: true }), "login");
    assert.equal(answerKind({ status: 200, contentType: "text/html" }), "login", "a page that is not the console's JSON");
    assert.equal(answerKind({ status: 403, contentType: json }, { error: { code: "login" } }), "login");
  });
  it("tells another judge's table from a refusal of the rules", () => {
    assert.equal(answerKind({ status: 403, contentType: json }, { error: { code: "forbidden" } }), "forbidden");
    assert.equal(answerKind({ status: 400, contentType: json }, { error: { code: "not_legal", rule: "7.5" } }), "refused");
  });
  it("sorts a stored event and a conflict", () => {
    assert.equal(answerKind({ status: 200, contentType: json }, { index: 3 }), "ok");
    assert.equal(answerKind({ status: 409, contentType: "application/json; charset=utf-8" }, { index: 4 }), "conflict");
  });
});

describe("viewOf", () => {
  it("leaves out the error, the log and the protocol's problems", () => {
    assert.deepEqual(viewOf({ index: 2, state: {}, error: {}, log: {}, protocol_problems: [] }), { index: 2, state: {} });
  });
});
