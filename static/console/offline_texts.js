// The offline pieces' texts and URLs, from the page (templates/console/_offline.html,
// #console-offline data-*), in the page's language.

export function offlineTexts() {
  const el = document.getElementById("console-offline");
  const d = el ? el.dataset : {};
  return {
    login: d.login || "Your session has expired: log in again (%(waiting)s).",
    loginLink: d.loginHint || "Log in again",
    loginUrl: d.loginUrl || "/judge/login/",
    worker: d.worker || "/judge/console-sw.js",
  };
}
