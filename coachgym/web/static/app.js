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

  // Single-key shortcuts can be switched off (WCAG 2.1.4): the "keys" box on the game page,
  // remembered in this browser. Off, no key but the browser's own does anything.
  var SHORTCUTS = "coachgym.shortcuts";
  function shortcutsOn() {
    try { return window.localStorage.getItem(SHORTCUTS) !== "off"; } catch (e) { return true; }
  }
  function showShortcuts(root) {
    var on = shortcutsOn();
    document.body.classList.toggle("no-shortcuts", !on);
    (root || document).querySelectorAll("[data-shortcuts-switch]").forEach(function (box) { box.checked = on; });
  }
  document.addEventListener("change", function (ev) {
    var box = ev.target;
    if (!box || !box.hasAttribute || !box.hasAttribute("data-shortcuts-switch")) return;
    try { window.localStorage.setItem(SHORTCUTS, box.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    showShortcuts(document);
  });

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    if (!shortcutsOn()) return;
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
        // a tab clicked with the mouse gives the keyboard back to the decision: Enter plays on again
        var decision = document.getElementById("decision");
        if (ev.detail > 0 && decision) decision.focus({preventScroll: true});
      });
    });
  }

  // Styles a page computes (the teams' colours, an analysis bar's length) come as data attributes
  // and are set here through the CSSOM: the Content-Security-Policy allows no inline style.
  function styles(root) {
    var scope = root || document;
    var found = Array.prototype.slice.call(scope.querySelectorAll("[data-kit], [data-p]"));
    if (scope.matches && scope.matches("[data-kit], [data-p]")) found.push(scope);
    found.forEach(function (el) {
      (el.dataset.kit || "").split(";").forEach(function (decl) {
        var i = decl.indexOf(":");
        if (i > 0) el.style.setProperty(decl.slice(0, i).trim(), decl.slice(i + 1).trim());
      });
      if (el.dataset.p) el.style.setProperty("--p", el.dataset.p);
    });
  }

  // clicking "b" (a tab with a shortcut) should show it, not submit anything
  document.addEventListener("keydown", onKey);
  // FUBA's board: a click on a piece picks the "which player moves" choice of its area, a click on
  // an area (or on a piece where no player of it can move) the choice that goes there: a move's
  // target, a pass's target area, a setup's place. The list under the board stays for the keyboard.
  var AREA_CHOICES = ["to:", "pass:", "place:"];
  function boardChoice(g) {
    var decision = document.getElementById("decision");
    var area = g.dataset.area;
    if (!decision || !area) return null;
    var keys = AREA_CHOICES.map(function (p) { return p + area; });
    if (g.classList.contains("piece") && g.classList.contains("yours")) {  // one of your players: it moves
      keys.unshift("move:" + area);
      if (g.classList.contains("keeper")) keys.unshift("move:GK");
    }
    for (var i = 0; i < keys.length; i++) {
      var b = decision.querySelector("button.choice[data-choice='" + CSS.escape(keys[i]) + "']");
      if (b) return b;
    }
    return null;
  }
  function markBoard() {
    document.querySelectorAll("svg.board [data-area]").forEach(function (g) {
      g.classList.toggle("clickable", !!boardChoice(g));
    });
  }
  document.addEventListener("click", function (ev) {
    var g = ev.target.closest && ev.target.closest("svg.board [data-area]");
    if (!g || document.body.classList.contains("busy")) return;
    var b = boardChoice(g);
    if (b) { ev.preventDefault(); b.click(); }
  });

  // The decision's choices scroll inside it: where the default (Enter) is below what shows, scroll
  // that box (not the page) to it.
  function showDefault() {
    var body = document.querySelector("#decision .d-body");
    var def = body && body.querySelector("button.choice.default");
    if (!def) return;
    var b = body.getBoundingClientRect(), d = def.getBoundingClientRect();
    if (d.bottom > b.bottom) body.scrollTop += d.bottom - b.bottom + 8;
    else if (d.top < b.top) body.scrollTop -= b.top - d.top + 8;
  }
  document.addEventListener("DOMContentLoaded", function () { tabs(document); styles(document); showShortcuts(document); showDefault(); markBoard(); });
  document.addEventListener("htmx:load", function (ev) { tabs(ev.target); styles(ev.target); showShortcuts(ev.target); showDefault(); markBoard(); });
  // the replay's slider goes to the play it is moved to (no inline handler: the CSP forbids them)
  document.addEventListener("change", function (ev) {
    var el = ev.target;
    if (el && el.hasAttribute && el.hasAttribute("data-submit-on-change") && el.form) el.form.requestSubmit();
  });
  // one open second step at a time
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (!(d instanceof HTMLDetailsElement) || !d.classList.contains("two-step") || !d.open) return;
    document.querySelectorAll("details.two-step[open]").forEach(function (o) { if (o !== d) o.open = false; });
  }, true);
  // a choice is being sent: no double sends
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var form = ev.target.closest && ev.target.closest("form.choices, form.continue, form.undo");
    if (form) document.body.classList.add("busy");
  });
  document.addEventListener("htmx:afterSettle", function (ev) {
    document.body.classList.remove("busy");
    // after the hint arrives, Enter should take the default choice again, not ask for the hint twice
    var active = document.activeElement;
    if (ev.target && ev.target.id === "hint") {
      if (active && active.closest && active.closest(".d-tools")) active.blur();
      var body = ev.target.closest(".d-body");
      if (body) body.scrollTop = 0;  // the hint is at the top of the choices' scrolling box
    }
  });
  // The server did not answer (stopped, the network down) or took too long: say so, and give the
  // panel back (it was greyed while the request was out), instead of waiting forever.
  var NET_MESSAGES = {
    "htmx:sendError": "The server did not answer: it may have been stopped, or the network is down. " +
      "Your last click may not have reached the game. When the server is back, reload the page to see the game as it stands.",
    "htmx:timeout": "The server took too long to answer (over a minute). Your last click may still be applied; " +
      "reload the page in a moment to see the game as it stands.",
    "htmx:responseError": "The server answered with an error. Reload the page to see the game as it stands."
  };
  function netProblem(ev) {
    document.body.classList.remove("busy");
    var box = document.getElementById("net-status");
    if (!box) {
      box = document.createElement("div");
      box.id = "net-status";
      box.className = "flash error net-status";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    var title = document.createElement("strong");
    title.textContent = ev.type === "htmx:responseError" ? "Something went wrong. " : "No answer from the server. ";
    box.replaceChildren(title, document.createTextNode(NET_MESSAGES[ev.type]));
    box.hidden = false;
  }
  Object.keys(NET_MESSAGES).forEach(function (name) { document.addEventListener(name, netProblem); });
  document.addEventListener("htmx:afterRequest", function (ev) {
    if (ev.detail && ev.detail.successful) {
      var box = document.getElementById("net-status");
      if (box) box.hidden = true;
    }
  });
})();
