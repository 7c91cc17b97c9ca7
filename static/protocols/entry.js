// Protocol entry: role keys (К/Ш/Ч/Д or R/S/B/D) on a seat row, Enter moves on instead of submitting.
(function () {
  var keys = {"к": "red", "r": "red", "ш": "sheriff", "s": "sheriff", "ч": "black", "b": "black", "д": "don", "d": "don"};
  var form = document.getElementById("protocol-form");
  if (!form) return;
  form.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (target.type === "radio" && target.name.slice(-5) === "-role") {
      var role = keys[(event.key || "").toLowerCase()];
      if (role) {
        var choice = form.querySelector('input[name="' + target.name + '"][value="' + role + '"]');
        if (choice) { choice.checked = true; choice.focus(); event.preventDefault(); }
      }
      return;
    }
    if (event.key === "Enter" && target.tagName === "INPUT" && target.type !== "submit") {
      // Enter in a field jumps to the next field, like Tab; only the buttons submit.
      event.preventDefault();
      var fields = Array.prototype.filter.call(form.querySelectorAll("input, select, button"), function (el) {
        return !el.disabled && el.type !== "hidden" && !(el.type === "radio" && !el.checked && form.querySelector('input[name="' + el.name + '"]:checked'));
      });
      var i = fields.indexOf(target);
      if (i >= 0 && i + 1 < fields.length) fields[i + 1].focus();
    }
  });
})();
