/**
 * The sign-in page's script: submits each form as JSON, shows the server's field messages next to their
 * inputs (with aria-invalid) and the overall message in the form's alert region (a short pointer to the field
 * instead when that message is the field's own, so nothing is shown twice), and goes home on success.
 */
export const LOGIN_PAGE_SCRIPT = `"use strict";
(function () {
  function setup(form) {
    var formError = document.getElementById(form.id + "-error");
    var button = form.querySelector("button[type=submit]");
    var label = button.textContent;
    function clear() {
      formError.textContent = "";
      form.querySelectorAll("input").forEach(function (input) {
        input.removeAttribute("aria-invalid");
        document.getElementById(input.id + "-error").textContent = "";
      });
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      clear();
      var body = {};
      new FormData(form).forEach(function (value, key) { body[key] = String(value); });
      button.disabled = true;
      button.textContent = "Please wait...";
      fetch(form.getAttribute("action"), {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body)
      }).then(function (response) {
        if (response.ok) { window.location.assign("/"); return; }
        return response.json().catch(function () { return {}; }).then(function (error) {
          var fields = error.fields || {};
          var first = null;
          Object.keys(fields).forEach(function (name) {
            var input = form.elements.namedItem(name);
            if (!input) return;
            input.setAttribute("aria-invalid", "true");
            document.getElementById(input.id + "-error").textContent = fields[name];
            first = first || input;
          });
          // A message already shown beside its field is not said again above the button.
          var message = error.message || "Something went wrong. Please try again.";
          var shown = Object.keys(fields).some(function (name) { return fields[name] === message; });
          formError.textContent = first && shown ? "Please correct the field marked above." : message;
          (first || form.querySelector("input")).focus();
        });
      }).catch(function () {
        formError.textContent = "Could not reach the server. Please check your connection and try again.";
      }).finally(function () {
        button.disabled = false;
        button.textContent = label;
      });
    });
  }
  document.querySelectorAll("form").forEach(setup);
})();
`;
