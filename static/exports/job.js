// The export job page: follows the job's progress and reloads the page when it is done or failed.
(function () {
  var box = document.getElementById("export-job");
  if (!box || box.dataset.finished === "true") { return; }
  function poll() {
    fetch(box.dataset.progressUrl, {credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (p) {
      box.querySelector(".export-bar > div").style.width = p.percent + "%";
      box.querySelector(".count").textContent = p.done + " / " + p.total;
      if (p.status === "done" || p.status === "failed") { window.location.reload(); return; }
      setTimeout(poll, 1500);
    }).catch(function () { setTimeout(poll, 5000); });
  }
  setTimeout(poll, 1000);
})();
