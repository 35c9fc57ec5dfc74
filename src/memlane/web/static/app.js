// memlane dashboard: small keyboard and progress helpers (no inline scripts: the pages' CSP forbids them).
(function () {
  "use strict";
  // "/" focuses the page's search box, as on many sites; not while typing in a field.
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var t = event.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var box = document.querySelector("input[type=search]");
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  });
  // The upload's progress on the import page (htmx sends boosted forms with XMLHttpRequest).
  document.addEventListener("htmx:xhr:progress", function (event) {
    var bar = document.getElementById("upload-progress");
    var d = event.detail;
    if (!bar || !d || !d.lengthComputable) return;
    bar.hidden = false;
    bar.value = Math.round((100 * d.loaded) / d.total);
  });
  // After a boosted navigation, move focus to the new page's content (screen readers announce it).
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.detail && event.detail.boosted) {
      var main = document.getElementById("main");
      if (main) main.focus({ preventScroll: true });
    }
  });
})();
