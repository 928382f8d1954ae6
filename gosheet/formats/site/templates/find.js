// The index's search field: the players whose name holds what is typed (accents, case and
// extra spaces aside); Enter opens the page of the first one shown.
(function () {
  var form = document.querySelector("form.find"), field = document.getElementById("find");
  var nobody = document.getElementById("nobody");
  var items = Array.prototype.slice.call(document.querySelectorAll("#everyone li"));
  function plain(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/\s+/g, " ").trim();
  }
  var names = items.map(function (li) { return plain(li.textContent); });
  function show() {
    var wanted = plain(field.value), shown = 0;
    items.forEach(function (li, i) {
      li.hidden = names[i].indexOf(wanted) < 0;
      if (!li.hidden) shown += 1;
    });
    nobody.hidden = shown > 0;
  }
  field.addEventListener("input", show);
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var first = items.filter(function (li) { return !li.hidden; })[0];
    if (first) location.href = first.querySelector("a").href;
  });
  form.hidden = false;
  show();
})();
