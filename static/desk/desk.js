/* The desk refreshes its "tables" section by itself: every data-refresh-ms poll.js fetches the
   section's HTML (desk/<slug>/tables/, rendered by the server in the page's language) and swaps
   it in. A failed fetch keeps what is shown and tries again later. While the chief judge is
   typing a take-over's reason (a form of the section open or focused) the swap waits, so what is
   typed is never wiped. */
import { poll } from "../poll.js";

const section = document.querySelector("[data-refresh-url]");
if (section) {
  poll(section.dataset.refreshUrl, {
    every: parseInt(section.dataset.refreshMs || "5000", 10),
    as: "text",
    request: { redirect: "error" },  // a lost session is no section to swap in
    skip: () => typing(section),
    onData: (html) => {
      if (typing(section)) return;  // opened while the fetch was on its way
      section.innerHTML = html;
      section.dataset.refreshedAt = String(Date.now());
    },
  });
}

function typing(section) {
  const active = document.activeElement;
  return !!section.querySelector("details[open]") || (!!active && active !== document.body && section.contains(active) &&
    /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName));
}
