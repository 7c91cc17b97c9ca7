// The offline queue's arithmetic (client.js keeps the record in IndexedDB; this computes on it).
//
// A record is {doc, queue, unsent}: `doc` the server's log as last seen (header and events, or null
// before the first load), `queue` the events entered here that the server has not stored yet (in
// order: queue[i] goes at index doc.events.length + i), `unsent` the events a conflict or a refusal
// set aside (shown to the judge, never sent again by themselves).

// JSON with sorted keys: two events are the same event whatever order their keys were written in.
export function canonical(value) {
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  return JSON.stringify(value);
}

export function emptyRecord() {
  return { doc: null, queue: [], unsent: [] };
}

// The index the next event entered on this screen goes at.
export function nextIndex(rec) {
  return rec.doc ? rec.doc.events.length + rec.queue.length : 0;
}

// The server's log over the record: queued events the server already holds (an answer lost on the
// way back) leave the queue; the rest stay queued only if the server's log is the copy's plus them.
// Returns {rec, follows}: the record with the server's log as its copy, and whether what is left of
// its queue still follows that log (false: the game went on elsewhere, and the queue must not be
// sent as it is). Nothing left to send follows any log: a first copy, or events stored elsewhere
// while this screen had none waiting, are no conflict.
export function reconcile(rec, serverDoc) {
  const mine = rec.doc ? rec.doc.events.length : 0;
  const extra = serverDoc.events.slice(mine);
  const same = rec.doc === null || canonical(serverDoc.events.slice(0, mine)) === canonical(rec.doc.events);
  let k = 0;
  while (same && k < extra.length && k < rec.queue.length && canonical(extra[k]) === canonical(rec.queue[k])) k += 1;
  const queue = rec.queue.slice(k);
  const follows = queue.length === 0 || (same && k === extra.length);
  return { rec: { ...rec, doc: serverDoc, queue }, follows };
}

// The queue set aside: its events join `unsent`, and nothing is left to send.
export function setAside(rec) {
  return { ...rec, queue: [], unsent: (rec.unsent || []).concat(rec.queue) };
}

// The first queued event stored by the server at its index: the copy grows, the queue shrinks.
export function firstStored(rec) {
  return { ...rec, doc: { ...rec.doc, events: rec.doc.events.concat([rec.queue[0]]) }, queue: rec.queue.slice(1) };
}
