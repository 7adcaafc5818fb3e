// Checkout: choosing a saved shipping address (issue 16) fills the address fields with it; typing into a field
// afterwards ships to the address as typed ("A new address"). Without this script the server takes the chosen saved
// address as it is in the book.
(function () {
  "use strict";
  var select = document.getElementById("id_saved_address");
  var data = document.getElementById("saved-addresses");
  if (!select || !data) return;
  var book = JSON.parse(data.textContent);
  var FIELDS = ["first_name", "last_name", "company", "address_line1", "address_line2", "city", "state", "zip_code",
    "country_code", "phone"];
  var filling = false;

  function field(name) {
    return document.getElementById("id_" + name);
  }

  select.addEventListener("change", function () {
    var address = book[select.value];
    if (!address) return; // "A new address": the fields stay as they are, to be edited
    filling = true;
    FIELDS.forEach(function (name) {
      var input = field(name);
      if (input) input.value = address[name] || "";
    });
    filling = false;
  });

  function typed() {
    if (!filling && select.value !== "") select.value = "";
  }
  FIELDS.forEach(function (name) {
    var input = field(name);
    if (!input) return;
    input.addEventListener("input", typed);
    input.addEventListener("change", typed);
  });
})();
