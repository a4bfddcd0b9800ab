(function () {
  "use strict";
  // A hand or game case, action by action: each hand is drawn once, its tiles tagged
  // with the placement that put them there (data-order); a step hides the later ones.
  document.querySelectorAll("[data-stepper]").forEach(function (stepper) {
    var rows = Array.prototype.slice.call(stepper.querySelectorAll("tr[data-step]"));
    var label = stepper.querySelector(".step-label");
    var at = rows.length - 1;
    function handOf(row) { return row.closest("[data-hand]"); }
    function show() {
      var row = rows[at];
      var hand = row ? handOf(row) : null;
      stepper.querySelectorAll("[data-hand]").forEach(function (h) {
        h.hidden = hand !== null && h !== hand;
      });
      rows.forEach(function (r) { r.classList.toggle("current", r === row); });
      if (!row) {
        if (label) { label.textContent = "no action"; }
        return;
      }
      var placed = Number(row.dataset.placed);
      var last = at === rows.length - 1 || handOf(rows[at + 1]) !== hand;
      hand.querySelectorAll("g[data-order]").forEach(function (g) {
        var order = Number(g.dataset.order);
        if (order < placed) { g.removeAttribute("display"); } else { g.setAttribute("display", "none"); }
        g.classList.toggle("current", order === placed - 1 && row.cells[2].textContent !== "pass");
      });
      // The answer's marks (legal placements, counted ends) belong to the last action.
      hand.querySelectorAll("g.mark").forEach(function (g) {
        if (last) { g.removeAttribute("display"); } else { g.setAttribute("display", "none"); }
      });
      var hands = stepper.querySelectorAll("[data-hand]").length;
      var within = rows.filter(function (r) { return handOf(r) === hand; });
      var text = "action " + (within.indexOf(row) + 1) + " of " + within.length + ": " +
        row.cells[2].textContent;
      if (hands > 1) { text = "hand " + (Number(hand.dataset.hand) + 1) + ", " + text; }
      if (label) { label.textContent = text; }
    }
    function go(where) {
      if (where === "first") { at = 0; }
      if (where === "last") { at = rows.length - 1; }
      if (where === "prev") { at = Math.max(0, at - 1); }
      if (where === "next") { at = Math.min(rows.length - 1, at + 1); }
      show();
    }
    stepper.querySelectorAll("button[data-go]").forEach(function (button) {
      button.addEventListener("click", function () { go(button.dataset.go); });
    });
    stepper.addEventListener("keydown", function (event) {
      var key = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
      if (key) { event.preventDefault(); go(key); }
    });
    show();
  });
}());
