(function () {
  "use strict";
  var selects = document.querySelectorAll("select[data-filter]");
  var counter = document.getElementById("shown-count");
  function matches(item, key, wanted) {
    if (!wanted) { return true; }
    if (key === "outcome" && wanted === "not-passing") { return item.dataset.bad === "1"; }
    if (key === "rule") { return (" " + item.dataset.rules + " ").indexOf(" " + wanted + " ") >= 0; }
    return item.dataset[key] === wanted;
  }
  // An item is a case, or (in a comparison) a rule's group of cases: count the cases.
  function weight(item) {
    return item.querySelectorAll("[data-case]").length || 1;
  }
  function apply() {
    var items = document.querySelectorAll("[data-item]");
    var shown = 0;
    var total = 0;
    items.forEach(function (item) {
      var ok = true;
      selects.forEach(function (select) {
        ok = ok && matches(item, select.dataset.filter, select.value);
      });
      item.hidden = !ok;
      total += weight(item);
      if (ok) { shown += weight(item); }
    });
    if (counter) { counter.textContent = shown + " of " + total + " cases shown"; }
  }
  selects.forEach(function (select) { select.addEventListener("change", apply); });
  document.querySelectorAll("a[data-show-rule]").forEach(function (link) {
    link.addEventListener("click", function () {
      var rule = document.querySelector("select[data-filter=rule]");
      var outcome = document.querySelector("select[data-filter=outcome]");
      if (rule) { rule.value = link.dataset.showRule; }
      if (outcome && link.dataset.showOutcome !== undefined) { outcome.value = link.dataset.showOutcome; }
      apply();
    });
  });
  apply();
}());
