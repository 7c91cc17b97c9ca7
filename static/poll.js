// The one way a page keeps itself fresh: poll(url, options) fetches `url` every `every` ms and
// hands what changed to `onData`. The live tables, the projector, the public standings, the desk
// and the export job's progress use it.
//
//   const feed = poll(url, {
//     every,            ms between two fetches
//     onData,           (data, feed) => …: the parsed answer (JSON, or text with as: "text"); a
//                       promise returned is waited for before the next fetch
//     onError,          (error, feed) => …: a fetch failed; the next one comes later and later
//                       (backoff), back to `every` after the first success
//     as,               "json" (the default) or "text"
//     first,            ms before the first fetch (default `every`; 0 when the page has no data yet)
//     skip,             () => true to let a turn pass (the desk while the judge types)
//     maxEvery,         the longest wait after failures (default 8 × every)
//     request,          more fetch options (headers are added to Accept and If-None-Match)
//   })
//   feed.refresh()      fetch now; feed.stop() no more
//
// An answer's ETag is sent back as If-None-Match, so an endpoint that answers 304 costs almost
// nothing and `onData` is not called. While the page is hidden nothing is fetched; when it shows
// again it fetches at once.
//
// The next step is push (a websocket per page kind, STYLE.md's live layer): a push source will
// have the same shape, subscribe(url, {onData, onError}) → {refresh, stop}, so a page swaps the
// import and keeps its drawing code.

export function backoffDelay(every, failures, maxEvery) {
  if (failures <= 0) return every;
  return Math.min(maxEvery, every * 2 ** failures);
}

export function poll(url, options) {
  const env = options.env || globalThis;  // the tests give their own clock, fetch and document
  const every = options.every;
  const maxEvery = options.maxEvery || every * 8;
  const as = options.as || "json";
  let timer = null, failures = 0, etag = null, busy = false, stopped = false;

  const feed = {
    refresh() { if (!stopped && !busy) { clear(); tick(); } },
    stop() { stopped = true; clear(); env.document?.removeEventListener?.("visibilitychange", onVisibility); },
  };

  function clear() {
    if (timer !== null) env.clearTimeout(timer);
    timer = null;
  }
  function schedule(ms) {
    clear();
    if (!stopped) timer = env.setTimeout(tick, ms);
  }
  function hidden() {
    return !!(env.document && env.document.hidden);
  }
  function onVisibility() {
    if (!hidden()) feed.refresh();
  }

  async function tick() {
    timer = null;
    if (stopped || hidden()) return;  // shown again: onVisibility starts it
    if (options.skip && options.skip()) { schedule(every); return; }
    busy = true;
    try {
      const headers = { Accept: as === "json" ? "application/json" : "text/html", ...(options.request?.headers || {}) };
      if (etag) headers["If-None-Match"] = etag;
      const response = await env.fetch(url, { cache: "no-store", credentials: "same-origin", ...options.request, headers });
      if (response.status !== 304) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        etag = response.headers.get("ETag") || null;
        const data = as === "text" ? await response.text() : await response.json();
        if (!stopped) await options.onData(data, feed);
      }
      failures = 0;
    } catch (error) {
      failures += 1;
      if (options.onError && !stopped) options.onError(error, feed);
    } finally {
      busy = false;
    }
    schedule(backoffDelay(every, failures, maxEvery));
  }

  env.document?.addEventListener?.("visibilitychange", onVisibility);
  schedule(options.first ?? every);
  return feed;
}
