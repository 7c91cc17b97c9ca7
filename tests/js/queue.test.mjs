// The offline queue's reconciliation (static/console/queue.js): what the console keeps, sends
// again or sets aside when the server's log comes back.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { canonical, emptyRecord, firstStored, nextIndex, reconcile, setAside } from "../../static/console/queue.js";

const header = { version: 1, seats: [] };
const next = { type: "next" };
const foul3 = { type: "foul", seat: 3 };
const nominate = { type: "nominate", by: 1, seat: 5 };
const doc = (...events) => ({ ...header, events });

describe("canonical", () => {
  it("writes one event the same whatever the order of its keys", () => {
    assert.equal(canonical({ seat: 5, type: "nominate", by: 1 }), canonical(nominate));
  });
  it("tells different events apart", () => {
    assert.notEqual(canonical({ type: "foul", seat: 3 }), canonical({ type: "foul", seat: "3" }));
    assert.notEqual(canonical([1, 2]), canonical([2, 1]));
  });
});

describe("reconcile", () => {
  it("takes the server's log as the first copy of a browser that had none", () => {
    const { rec, follows } = reconcile(emptyRecord(), doc(next, foul3));
    assert.equal(follows, true);
    assert.deepEqual(rec.doc.events, [next, foul3]);
    assert.deepEqual(rec.queue, []);
    assert.equal(nextIndex(rec), 2);
  });

  it("keeps the queue when the server's log is the copy as it was", () => {
    const before = { doc: doc(next), queue: [foul3, nominate], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next));
    assert.equal(follows, true);
    assert.deepEqual(rec.queue, [foul3, nominate]);
    assert.equal(nextIndex(rec), 3);
  });

  it("drops a queued event the server already stored (its answer was lost), and keeps the rest", () => {
    const before = { doc: doc(next), queue: [foul3, nominate], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next, { seat: 3, type: "foul" }));
    assert.equal(follows, true);
    assert.deepEqual(rec.queue, [nominate]);
    assert.equal(rec.doc.events.length, 2);
    assert.equal(nextIndex(rec), 3);
  });

  it("empties the queue when the server stored all of it", () => {
    const before = { doc: doc(), queue: [next, foul3], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next, foul3));
    assert.equal(follows, true);
    assert.deepEqual(rec.queue, []);
  });

  it("reports a conflict when another screen stored a different event at the queue's index", () => {
    const before = { doc: doc(next), queue: [foul3], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next, nominate));
    assert.equal(follows, false);
    assert.deepEqual(rec.doc.events, [next, nominate], "the server's game is the copy now");
    assert.deepEqual(rec.queue, [foul3], "nothing queued is lost");
  });

  it("reports a conflict when another screen stored an event after the first queued one", () => {
    const before = { doc: doc(), queue: [next, nominate], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next, foul3));
    assert.equal(follows, false);
    assert.deepEqual(rec.queue, [nominate], "the stored one left the queue; the other is not sent");
  });

  it("reports a conflict when the server's log is no longer the copy (an undo elsewhere)", () => {
    const before = { doc: doc(next, foul3), queue: [nominate], unsent: [] };
    const { follows } = reconcile(before, doc(next));
    assert.equal(follows, false);
  });

  it("follows an empty stored document with an empty queue", () => {
    const { rec, follows } = reconcile({ doc: doc(), queue: [], unsent: [] }, doc());
    assert.equal(follows, true);
    assert.equal(nextIndex(rec), 0);
  });

  it("does not change the record it was given", () => {
    const before = { doc: doc(next), queue: [foul3], unsent: [] };
    reconcile(before, doc(next, foul3));
    assert.deepEqual(before.queue, [foul3]);
    assert.equal(before.doc.events.length, 1);
  });
});

describe("setAside and firstStored", () => {
  it("sets the queue aside after what was already unsent, leaving nothing to send", () => {
    const rec = setAside({ doc: doc(), queue: [foul3, nominate], unsent: [next] });
    assert.deepEqual(rec.unsent, [next, foul3, nominate]);
    assert.deepEqual(rec.queue, []);
  });

  it("moves the first queued event into the copy once the server stored it", () => {
    const rec = firstStored({ doc: doc(next), queue: [foul3, nominate], unsent: [] });
    assert.deepEqual(rec.doc.events, [next, foul3]);
    assert.deepEqual(rec.queue, [nominate]);
    assert.equal(nextIndex(rec), 3);
  });
});

describe("reconcile, with nothing left to send", () => {
  it("is no conflict when the game went on elsewhere while nothing waited here", () => {
    const { rec, follows } = reconcile({ doc: doc(next), queue: [], unsent: [] }, doc(next, foul3, nominate));
    assert.equal(follows, true);
    assert.equal(nextIndex(rec), 3);
  });

  it("keeps no stored event among the conflicting ones: only what the server lacks is set aside", () => {
    const before = { doc: doc(), queue: [next, foul3], unsent: [] };
    const { rec, follows } = reconcile(before, doc(next, nominate));
    assert.equal(follows, false);
    assert.deepEqual(setAside(rec).unsent, [foul3]);
  });
});
