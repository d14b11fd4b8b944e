// coachgym serve: keyboard shortcuts, the game page's tabs, the replay's arrow keys.
// Plain JavaScript; the pages work without it (forms and links), this only adds the keys.
(function () {
  "use strict";

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function openStep() {
    return document.querySelector("#decision details.two-step[open]");
  }

  function clickIn(scope, selector) {
    var el = scope.querySelector(selector);
    if (el) { el.click(); return true; }
    return false;
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    var key = ev.key;
    if (key === " " && ev.target && /^(BUTTON|A|SUMMARY)$/.test(ev.target.tagName)) return;  // Space presses the focused button
    var decision = document.getElementById("decision");
    var done = false;
    if (key === "Escape") {
      var open = openStep();
      if (open) { open.open = false; done = true; }
    } else if (key === "Enter" && decision && !(ev.target && /^(BUTTON|A|SUMMARY)$/.test(ev.target.tagName))) {
      var scope = openStep() || decision;
      done = clickIn(scope, "button.choice.default") || clickIn(decision, "button.choice.default");
    } else if (key === "Enter" && !(ev.target && /^(BUTTON|A|SUMMARY)$/.test(ev.target.tagName))) {
      var enter = document.querySelector("[data-shortcut-enter]");  // a page's Enter action (the FAC Extractor's draw)
      if (enter) {
        if (!ev.repeat) enter.click();
        done = true;
      }
    } else if (key === "ArrowLeft" || key === "ArrowRight") {
      done = clickIn(document, key === "ArrowLeft" ? "[data-replay='prev']" : "[data-replay='next']");
    } else if (key.length === 1) {
      var step = openStep();
      if (step) {
        done = clickIn(step, ".then button.choice[data-key='" + CSS.escape(key) + "']");
      }
      if (!done && decision) {
        var first = decision.querySelector(".group-choices > [data-key='" + CSS.escape(key) + "']");
        if (first) {
          if (first.tagName === "DETAILS") {
            first.open = true;
            var b = first.querySelector(".then button.choice");
            if (b) b.focus();
          } else {
            first.click();
          }
          done = true;
        }
      }
      if (!done) {
        var shortcut = document.querySelector("[data-shortcut='" + CSS.escape(key) + "']");
        if (shortcut && !shortcut.disabled) {
          if (!ev.repeat) shortcut.click();  // a key held down acts once
          done = true;
        }
      }
    }
    if (done) ev.preventDefault();
  }

  function tabs(root) {
    (root || document).querySelectorAll("[data-tabs]").forEach(function (box) {
      if (box.dataset.ready) return;
      box.dataset.ready = "1";
      box.addEventListener("click", function (ev) {
        var tab = ev.target.closest("[data-tab]");
        if (!tab || !box.contains(tab)) return;
        box.querySelectorAll("[data-tab]").forEach(function (t) {
          t.setAttribute("aria-selected", t === tab ? "true" : "false");
        });
        box.querySelectorAll("[data-panel]").forEach(function (p) {
          p.hidden = p.dataset.panel !== tab.dataset.tab;
        });
      });
    });
  }

  // clicking "b" (a tab with a shortcut) should show it, not submit anything
  document.addEventListener("keydown", onKey);
  document.addEventListener("DOMContentLoaded", function () { tabs(document); });
  document.addEventListener("htmx:load", function (ev) { tabs(ev.target); });
  // one open second step at a time
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!(d instanceof HTMLDetailsElement) || !d.classList.contains("two-step") || !d.open) return;
    document.querySelectorAll("details.two-step[open]").forEach(function (o) { if (o !== d) o.open = false; });
  }, true);
  // a choice is being sent: no double sends
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var form = ev.target.closest && ev.target.closest("form.choices, form.continue");
    if (form) document.body.classList.add("busy");
  });
  document.addEventListener("htmx:afterSettle", function (ev) {
    document.body.classList.remove("busy");
    // after the hint arrives, Enter should take the default choice again, not ask for the hint twice
    var active = document.activeElement;
    if (ev.target && ev.target.id === "hint" && active && active.closest && active.closest(".d-tools")) active.blur();
  });
  document.addEventListener("htmx:responseError", function () { document.body.classList.remove("busy"); });
})();
