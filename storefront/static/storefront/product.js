// Product page: quantity rules (business §5), variant choice, live price, tier hint and stock message.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("product-data").textContent);
  var form = document.querySelector(".product-form");
  if (!form) return;
  var qty = form.querySelector("[data-quantity]");
  var priceEl = document.querySelector("[data-price]");
  var noteEl = document.querySelector("[data-price-note]");
  var hintEl = document.querySelector("[data-tier-hint]");
  var stockEl = document.querySelector("[data-stock]");
  var skuEl = document.querySelector("[data-product-sku]");
  var MAX = 1000000;
  var pending = null;

  // business §5: integer 1..1,000,000; empty becomes 1 on blur; larger values are clamped; e, + and - are blocked.
  qty.addEventListener("keydown", function (event) {
    if (["e", "E", "+", "-", ".", ","].indexOf(event.key) !== -1) event.preventDefault();
  });
  qty.addEventListener("blur", function () {
    var value = parseInt(qty.value, 10);
    if (!qty.value || isNaN(value) || value < 1) value = 1;
    if (value > MAX) value = MAX;
    qty.value = String(value);
    refresh();
  });

  function selections() {
    var params = new URLSearchParams();
    params.set("qty", qty.value || "1");
    form.querySelectorAll("fieldset[data-option-id]").forEach(function (fieldset) {
      var id = fieldset.getAttribute("data-option-id");
      var type = fieldset.getAttribute("data-option-type");
      if (type === "checkbox") {
        var box = fieldset.querySelector("input[type=checkbox]");
        if (box && box.checked) params.set("attribute[" + id + "]", "1");
      } else if (type === "dropdown") {
        var select = fieldset.querySelector("select");
        if (select && select.value) params.set("attribute[" + id + "]", select.value);
      } else if (["radio_buttons", "rectangles", "swatch", "product_list_with_images"].indexOf(type) !== -1) {
        var radio = fieldset.querySelector("input[type=radio]:checked");
        if (radio) params.set("attribute[" + id + "]", radio.value);
      }
    });
    return params;
  }

  function refresh() {
    if (!priceEl || data.priceOnRequest) return;
    if (pending) pending.abort();
    pending = new AbortController();
    fetch(data.priceUrl + "?" + selections().toString(), { signal: pending.signal, headers: { Accept: "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (result) {
        if (result.price) priceEl.textContent = result.price;
        if (noteEl) noteEl.textContent = result.note || "";
        if (hintEl) hintEl.textContent = result.tierHint || "";
        if (stockEl && result.stock) {
          stockEl.textContent = result.stock.message;
          stockEl.className = "stock " + result.stock.css;
        }
        if (skuEl && result.sku) skuEl.textContent = result.sku;
      })
      .catch(function (error) {
        if (error.name !== "AbortError" && priceEl) priceEl.textContent = data.priceErrorText;
      });
  }

  // A choice made before this deferred script ran (a slow connection, a quick hand) fired no change event we saw.
  function changedBeforeReady() {
    if (qty.value !== qty.defaultValue) return true;
    return Array.prototype.some.call(form.querySelectorAll("select, input[type=checkbox], input[type=radio]"), function (el) {
      if (el.tagName === "SELECT") {
        var initial = 0;
        Array.prototype.forEach.call(el.options, function (o, i) { if (o.defaultSelected) initial = i; });
        return el.selectedIndex !== initial;
      }
      return el.checked !== el.defaultChecked;
    });
  }

  form.addEventListener("change", refresh);
  qty.addEventListener("input", function () {
    var value = parseInt(qty.value, 10);
    if (value > MAX) qty.value = String(MAX);
    if (value >= 1) refresh();
  });
  if (changedBeforeReady()) refresh();
  form.setAttribute("data-ready", "");
})();
