// An offline refusal worded in the page's language (static/console/refusal_words.js), as the
// server words it (console/refusal_texts.py).
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { refusalSentence } from "../../static/console/refusal_words.js";

const RU = {
  NOMINEE_TAKEN: "Игрок %(seat)s уже выставлен сегодня",
  VOTE_COUNT: "Голосов за игрока %(seat)s может быть от 0 до %(uncast)s, не %(count)s",
};

describe("refusalSentence", () => {
  it("fills the sentence with the refusal's params and adds its clause", () => {
    assert.equal(refusalSentence(RU, { code: "NOMINEE_TAKEN", rule: "7.5.3", params: { seat: 7 } }),
      "Игрок 7 уже выставлен сегодня (7.5.3)");
  });

  it("fills every parameter, numbers and zeros included", () => {
    assert.equal(refusalSentence(RU, { code: "VOTE_COUNT", rule: "7.7.4", params: { seat: 5, uncast: 0, count: 3 } }),
      "Голосов за игрока 5 может быть от 0 до 0, не 3 (7.7.4)");
  });

  it("says an unknown code as the code", () => {
    assert.equal(refusalSentence(RU, { code: "NEW_CODE", rule: "7.1.1", params: {} }), "NEW_CODE (7.1.1)");
    assert.equal(refusalSentence({}, { code: "NOMINEE_TAKEN", rule: null }), "NOMINEE_TAKEN");
  });
});
