// The export job page: follows the job's progress (poll.js) and reloads the page when it is done
// or failed.
import { poll } from "../poll.js";

const box = document.getElementById("export-job");
if (box && box.dataset.finished !== "true") {
  poll(box.dataset.progressUrl, {
    every: 1500,
    first: 1000,
    onData: (p, feed) => {
      box.querySelector(".export-bar > div").style.width = p.percent + "%";
      box.querySelector(".count").textContent = p.done + " / " + p.total;
      if (p.status === "done" || p.status === "failed") { feed.stop(); window.location.reload(); }
    },
  });
}
