(function () {
  "use strict";
  // Without this script the table reads in its own order (overall, best first); with
  // it, the tools appear and the header cells become sort buttons.
  var table = document.getElementById("engines");
  var tools = document.getElementById("index-tools");
  if (!table || !tools) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var filter = document.getElementById("engine-filter");
  var status = document.getElementById("status-filter");
  var key = document.getElementById("sort-key");
  var order = document.getElementById("sort-order");
  var counter = document.getElementById("engine-count");
  var descending = true;
  rows.forEach(function (row, index) { row.dataset.index = String(index); });

  function value(row, name) {
    var cell = row.querySelector('[data-key="' + name + '"]');
    return cell ? cell.dataset.value : "";
  }
  function compare(a, b) {
    var x = value(a, key.value), y = value(b, key.value), out;
    if (key.value === "name") { out = x.localeCompare(y); } else { out = parseFloat(x) - parseFloat(y); }
    if (descending) { out = -out; }
    return out || Number(a.dataset.index) - Number(b.dataset.index);
  }
  function sort() {
    rows.slice().sort(compare).forEach(function (row) { body.appendChild(row); });
    table.querySelectorAll("thead th[data-key]").forEach(function (th) {
      if (th.dataset.key === key.value) {
        th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      } else {
        th.removeAttribute("aria-sort");
      }
    });
    order.textContent = descending ? "descending" : "ascending";
  }
  function apply() {
    var wanted = filter.value.trim().toLowerCase(), shown = 0;
    rows.forEach(function (row) {
      var ok = row.dataset.search.indexOf(wanted) >= 0;
      if (status.value === "full") { ok = ok && row.dataset.full === "1"; }
      if (status.value === "partial") { ok = ok && row.dataset.full === "0"; }
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    counter.textContent = shown + " of " + rows.length + " engine(s) shown";
  }
  table.querySelectorAll("thead th[data-key]").forEach(function (th) {
    var button = document.createElement("button");
    button.type = "button";
    while (th.firstChild) { th.removeChild(th.firstChild); }
    button.textContent = th.dataset.key === "name" ? "engine" : th.dataset.key.replace(/^g-/, "");
    button.title = "sort by " + button.textContent;
    button.addEventListener("click", function () {
      if (key.value === th.dataset.key) { descending = !descending; } else {
        key.value = th.dataset.key;
        descending = th.dataset.key !== "name";
      }
      sort();
    });
    th.appendChild(button);
  });
  key.addEventListener("change", function () { descending = key.value !== "name"; sort(); });
  order.addEventListener("click", function () { descending = !descending; sort(); });
  filter.addEventListener("input", apply);
  status.addEventListener("change", apply);
  tools.hidden = false;
  sort();
  apply();
}());
