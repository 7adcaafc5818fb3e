// Checkout: choosing a saved address (issue 16) fills its address fields with it; typing into a field afterwards
// orders the address as typed ("A new address"). The billing address's fields show only for "A different billing
// address", and a country's states are offered in its state field (issue 36 item 14). Without this script the server
// takes a chosen saved address as it is in the book, ignores the billing fields for "Same as the shipping address"
// and checks the state against the country's list.
(function () {
  "use strict";
  var FIELDS = ["first_name", "last_name", "company", "address_line1", "address_line2", "city", "state", "zip_code",
    "country_code", "phone"];

  function json(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : {};
  }
  var states = json("country-states");

  function field(prefix, name) {
    return document.getElementById("id_" + prefix + name);
  }

  // The state field suggests the chosen country's states (a datalist per field: the two countries may differ).
  function offerStates(prefix) {
    var country = field(prefix, "country_code");
    var state = field(prefix, "state");
    if (!country || !state) return;
    var list = document.createElement("datalist");
    list.id = "states-" + (prefix || "shipping");
    state.parentNode.appendChild(list);
    state.setAttribute("list", list.id);
    state.setAttribute("autocomplete", "off");
    function fill() {
      list.textContent = "";
      (states[country.value] || []).forEach(function (pair) {
        var option = document.createElement("option");
        option.value = pair[1];
        option.label = pair[0];
        list.appendChild(option);
      });
    }
    country.addEventListener("change", fill);
    fill();
  }

  function savedChoice(selectId, prefix, book) {
    var select = document.getElementById(selectId);
    if (!select) return;
    var filling = false;
    select.addEventListener("change", function () {
      var address = book[select.value];
      if (!address) return; // "A new address": the fields stay as they are, to be edited
      filling = true;
      FIELDS.forEach(function (name) {
        var input = field(prefix, name);
        if (input) {
          input.value = address[name] || "";
          if (name === "country_code") input.dispatchEvent(new Event("change"));
        }
      });
      filling = false;
    });
    function typed() {
      if (!filling && select.value !== "") select.value = "";
    }
    FIELDS.forEach(function (name) {
      var input = field(prefix, name);
      if (!input) return;
      input.addEventListener("input", typed);
      input.addEventListener("change", typed);
    });
  }

  function billingToggle() {
    var box = document.querySelector("[data-billing-fields]");
    var choices = document.querySelectorAll('input[name="billing"]');
    if (!box || !choices.length) return;
    function show() {
      var other = document.querySelector('input[name="billing"]:checked');
      box.hidden = !other || other.value !== "other";
    }
    choices.forEach(function (choice) { choice.addEventListener("change", show); });
    show();
  }

  // Issue 41: the budget panel follows the cost centre typed (what is left of the budgets it draws on, and what this
  // order leaves); the server renders it, after the typing settles.
  function budgetPanel() {
    var input = document.getElementById("id_cost_centre");
    var holder = document.querySelector("[data-budget-holder]");
    if (!input || !holder || !window.fetch) return;
    var timer = null;
    var asked = 0;
    function refresh() {
      var ticket = ++asked;
      fetch(holder.getAttribute("data-url") + "?cost_centre=" + encodeURIComponent(input.value.trim()), {
        credentials: "same-origin",
      })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) {
          if (html !== null && ticket === asked) holder.innerHTML = html;
        })
        .catch(function () { /* the panel stays as it was; the checkout still checks the budget */ });
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(refresh, 400);
    });
  }

  offerStates("");
  offerStates("billing_");
  budgetPanel();
  savedChoice("id_saved_address", "", json("saved-addresses"));
  savedChoice("id_billing_saved_address", "billing_", json("saved-billing-addresses"));
  billingToggle();
})();
