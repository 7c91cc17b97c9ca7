// Protocol entry. Role keys on a seat row (the page's letters, and К/Ш/Ч/Д or R/S/B/D whatever the
// keyboard layout); Enter moves on instead of submitting; "Add a day" shows the next empty day
// without saving; each day's vote lines follow its nominations (the nominees, in the order named);
// what is typed is kept in the browser until it is saved (a draft, below).
// Without this script every day and every vote line is simply shown.
const protocolForm = document.getElementById("protocol-form");
if (protocolForm) setUpEntry(protocolForm);

function setUpEntry(form) {

  const keys = {"к": "red", "r": "red", "ш": "sheriff", "s": "sheriff", "ч": "black", "b": "black", "д": "don", "d": "don"};
  Array.prototype.forEach.call(form.querySelectorAll("input[data-letter]"), function (el) {
    keys[el.getAttribute("data-letter").toLowerCase()] = el.value;
  });

  form.addEventListener("keydown", function (event) {
    const target = event.target;
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    if (target.type === "radio" && target.name.slice(-5) === "-role") {
      const role = keys[(event.key || "").toLowerCase()];
      if (role) {
        const choice = form.querySelector('input[name="' + target.name + '"][value="' + role + '"]');
        if (choice) { choice.checked = true; choice.focus(); event.preventDefault(); }
      }
      return;
    }
    if (event.key === "Enter" && target.tagName === "INPUT" && target.type !== "submit") {
      // Enter in a field jumps to the next visible field, like Tab; only the buttons submit.
      event.preventDefault();
      const fields = Array.prototype.filter.call(form.querySelectorAll("input, select, button"), function (el) {
        return !el.disabled && el.type !== "hidden" && el.offsetParent !== null &&
          !(el.type === "radio" && !el.checked && form.querySelector('input[name="' + el.name + '"]:checked'));
      });
      const i = fields.indexOf(target);
      if (i >= 0 && i + 1 < fields.length) fields[i + 1].focus();
    }
  });

  // Spare days stay folded until "Add a day"; a day with anything typed in never folds.
  const addDay = document.getElementById("add-day");
  const spare = Array.prototype.slice.call(form.querySelectorAll("fieldset.day.spare"));
  function hasValues(day) {
    return Array.prototype.some.call(day.querySelectorAll("input"), function (el) { return el.value.trim() !== ""; });
  }
  spare.forEach(function (day) { if (!hasValues(day)) day.classList.add("folded"); });
  function folded() { return form.querySelectorAll("fieldset.day.folded"); }
  if (addDay) {
    addDay.hidden = folded().length === 0;
    addDay.addEventListener("click", function () {
      const next = folded()[0];
      if (!next) return;
      next.classList.remove("folded");
      const first = next.querySelector("input");
      if (first) first.focus();
      addDay.hidden = folded().length === 0;
    });
  }

  // Vote lines: the nominees of the day in the order they were named (with who named them), then
  // any other seat whose line already has votes; the rest are hidden.
  function syncVotes(day) {
    const order = [], by = {};
    Array.prototype.forEach.call(day.querySelectorAll("input[data-by]"), function (el) {
      const nominee = el.value.trim();
      if (!/^([1-9]|10)$/.test(nominee)) return;
      if (!by[nominee]) { by[nominee] = []; order.push(nominee); }
      by[nominee].push(el.getAttribute("data-by"));
    });
    const body = day.querySelector("table.votes tbody");
    const rows = Array.prototype.slice.call(body.querySelectorAll("tr.candidate")).sort(function (a, b) {
      return a.getAttribute("data-seat") - b.getAttribute("data-seat");
    });
    let shown = 0;
    order.forEach(function (seat) {
      const row = body.querySelector('tr[data-seat="' + seat + '"]');
      if (row) body.appendChild(row);
    });
    rows.forEach(function (row) {
      const seat = row.getAttribute("data-seat");
      if (!by[seat]) body.appendChild(row);
      const keep = !!by[seat] || hasValues(row);
      row.hidden = !keep;
      row.querySelector(".by").textContent = by[seat] ? "← " + by[seat].join(", ") : "";
      if (keep) shown += 1;
    });
    day.querySelector("table.votes").hidden = shown === 0;
    day.querySelector(".no-nominee").hidden = shown !== 0;
  }
  Array.prototype.forEach.call(form.querySelectorAll("fieldset.day"), function (day) {
    syncVotes(day);
    day.addEventListener("input", function (event) {
      if (event.target.hasAttribute("data-by")) syncVotes(day);
    });
  });

  // A draft in the browser: every change of a field is kept in localStorage under the game and the
  // version the page was opened at, so a reload, a lost connection or a closed tab loses nothing.
  // A page of that same version offers it back (the texts are the page's, in its language); a page
  // of a later version means the protocol was saved since (by this judge or someone else), and the
  // drafts of the older versions go: a successful save clears its draft.
  const draftBase = form.getAttribute("data-draft-key");
  const versionInput = form.querySelector('input[name="version"]');
  let store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  if (draftBase && versionInput && store) {
    const version = parseInt(versionInput.value, 10) || 0;
    const draftKey = draftBase + ":v" + version;
    const skip = {csrfmiddlewaretoken: true, version: true, action: true};
    const fieldsOf = function () {
      return Array.prototype.filter.call(form.elements, function (el) {
        return el.name && !skip[el.name] && !el.disabled && el.type !== "submit" && el.type !== "button";
      });
    };
    const snapshot = function () {
      const values = {};
      fieldsOf().forEach(function (el) {
        if (el.type === "radio") { if (el.checked) values[el.name] = el.value; else if (!(el.name in values)) values[el.name] = ""; }
        else if (el.type === "checkbox") values[el.name] = el.checked ? "on" : "";
        else values[el.name] = el.value;
      });
      return values;
    };
    const same = function (a, b) {
      return Object.keys(a).concat(Object.keys(b)).every(function (k) { return (a[k] || "") === (b[k] || ""); });
    };
    const read = function (key) {
      try { return JSON.parse(store.getItem(key) || "null"); } catch (e) { return null; }
    };
    for (let i = store.length - 1; i >= 0; i--) {  // the drafts of older versions were saved over
      const key = store.key(i);
      if (key && key.indexOf(draftBase + ":v") === 0 && (parseInt(key.slice(draftBase.length + 2), 10) || 0) < version) {
        store.removeItem(key);
      }
    }
    const served = snapshot();
    const draft = read(draftKey);
    const keep = function () {
      const values = snapshot();
      try {
        if (same(values, served)) store.removeItem(draftKey);
        else store.setItem(draftKey, JSON.stringify({version: version, values: values}));
      } catch (e) { /* storage full or refused: the page still works without a draft */ }
    };
    form.addEventListener("input", keep);
    form.addEventListener("change", keep);
    const offer = document.getElementById("draft-offer");
    if (offer && draft && draft.version === version && draft.values && !same(draft.values, served)) {
      offer.hidden = false;
      document.getElementById("draft-restore").addEventListener("click", function () {
        fieldsOf().forEach(function (el) {
          if (!(el.name in draft.values)) return;
          const value = draft.values[el.name];
          if (el.type === "radio") el.checked = el.value === value;
          else if (el.type === "checkbox") el.checked = value === "on";
          else el.value = value;
        });
        Array.prototype.forEach.call(form.querySelectorAll("fieldset.day"), function (day) {
          if (hasValues(day)) day.classList.remove("folded");
          syncVotes(day);
        });
        if (addDay) addDay.hidden = folded().length === 0;
        offer.hidden = true;
      });
      document.getElementById("draft-discard").addEventListener("click", function () {
        store.removeItem(draftKey);
        offer.hidden = true;
      });
    }
  }

  // "Sign off" cannot be undone by a table judge: it opens a question under the buttons first
  // ("Yes, sign off" submits; "Not yet" closes it). Without this script the server asks instead.
  const signOff = document.getElementById("sign-off");
  const confirmBox = document.getElementById("sign-off-confirm");
  if (signOff && confirmBox) {
    const yes = document.getElementById("sign-off-yes");
    const cancel = document.getElementById("sign-off-cancel");
    signOff.setAttribute("aria-expanded", "false");
    signOff.addEventListener("click", function (event) {
      event.preventDefault();
      confirmBox.hidden = false;
      signOff.setAttribute("aria-expanded", "true");
      yes.focus();
    });
    if (cancel) {
      cancel.addEventListener("click", function () {
        confirmBox.hidden = true;
        signOff.setAttribute("aria-expanded", "false");
        signOff.focus();
      });
    }
  }
}
