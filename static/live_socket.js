// Push first, polling behind it: follow(path, options) holds a websocket of the live layer
// (config/asgi.py: /ws/…) and hands each message to `onMessage`; while the socket is not open (no
// WebSocket, a proxy that refuses it, the server restarting) the page keeps fresh by the poll
// `fallback()` starts (poll.js: the same endpoint with ETags), and the socket is tried again with
// a growing wait. A socket the server refuses (4403: not the user's to follow) is not tried again.
//
//   const feed = follow("/ws/t/kubok/tables/1/", {
//     onMessage,        ({kind, data}) => …: what the server pushed
//     fallback,         () => poll(url, {…}): started while the socket is closed, stopped when it opens
//     onOpen,           () => …: the socket opened (again): fetch once to catch up with what was missed
//   })
//   feed.stop()

export const REFUSED = 4403;

export function retryDelay(failures) {
  return Math.min(30000, 1000 * 2 ** Math.min(Math.max(failures, 0), 5));
}

export function socketUrl(location, path) {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
}

export function follow(path, options) {
  const env = options.env || globalThis;  // the tests give their own WebSocket, clock and location
  let socket = null, fallback = null, stopped = false, failures = 0, timer = null;

  function startFallback() {
    if (!fallback && options.fallback && !stopped) fallback = options.fallback();
  }
  function stopFallback() {
    if (fallback) { fallback.stop(); fallback = null; }
  }
  function open() {
    timer = null;
    if (stopped) return;
    if (typeof env.WebSocket !== "function") { startFallback(); return; }
    try {
      socket = new env.WebSocket(socketUrl(env.location, path));
    } catch {
      startFallback();
      return;
    }
    socket.onopen = () => {
      failures = 0;
      stopFallback();
      if (options.onOpen) options.onOpen();
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message && typeof message.kind === "string") options.onMessage(message);
    };
    socket.onclose = (event) => {
      socket = null;
      if (stopped) return;
      startFallback();
      if (event && event.code === REFUSED) return;
      failures += 1;
      timer = env.setTimeout(open, retryDelay(failures));
    };
  }

  open();
  return {
    stop() {
      stopped = true;
      if (timer !== null) env.clearTimeout(timer);
      if (socket) { socket.onclose = null; socket.close(); socket = null; }
      stopFallback();
    },
    get open() { return socket !== null && socket.readyState === 1; },
  };
}
