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
      // a second step open: its marked default; else the decision's own (data-enter), never a
      // default of a closed second step
      var step = openStep();
      done = (step && clickIn(step, ".then button.choice.default")) || clickIn(decision, "button.choice[data-enter]");
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
            unfoldStep(first);
            first.open = true;
            var b = first.querySelector(".then button.choice.default") || first.querySelector(".then button.choice");
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

  // A hidden tab's contents (the lineups, the box score, the auto-play settings) come as an inert
  // <template data-later>: put in place the first time the tab is opened, then styled and handed to
  // htmx (its forms). Until then a decision's page swap neither cleans them up nor lays them out.
  function unfold(panel) {
    var later = panel && panel.querySelector(":scope > template[data-later]");
    if (!later) return;
    later.replaceWith(document.importNode(later.content, true));
    panel.dataset.unfolded = "1";
    styles(panel);
    tabs(panel);
    if (window.htmx) window.htmx.process(panel);
  }
  // A closed second step's choices come the same way (a page htmx swapped in): in place as it opens,
  // whether by its key, a click on it, or anything else that opens it (the toggle).
  function unfoldStep(details) {
    if (details) unfold(details.querySelector(":scope > .then"));
  }
  document.addEventListener("click", function (ev) {
    var summary = ev.target.closest && ev.target.closest("details.two-step > summary");
    if (summary) unfoldStep(summary.parentElement);
  }, true);
  // Before the next page is swapped in, the tabs opened on this one give their contents back: htmx
  // then cleans up only what the swap replaces of the page a decision shows.
  document.addEventListener("htmx:beforeSwap", function (ev) {
    if (!ev.detail || ev.detail.shouldSwap === false) return;
    var target = ev.detail.target;
    if (!target || !(target === document.body || target.id === "main")) return;
    document.querySelectorAll(".tab-panel[data-unfolded]").forEach(function (p) { p.replaceChildren(); });
  });

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
          if (p.dataset.panel === tab.dataset.tab) unfold(p);
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
    var def = body && body.querySelector("button.choice[data-enter]");
    if (!def) return;
    var b = body.getBoundingClientRect(), d = def.getBoundingClientRect();
    if (d.bottom > b.bottom) body.scrollTop += d.bottom - b.bottom + 8;
    else if (d.top < b.top) body.scrollTop -= b.top - d.top + 8;
  }
  // Every choice in sight: the decision panel is tightened step by step (style.css, fit-1 to
  // fit-4) until every choice of the step shows inside its box without scrolling it. On a phone
  // (one column, the page as long as it needs) the box first takes the room that is left above
  // the newest play; where even the tightest panel needs more, the plays give way to the choices.
  var FIT_LEVELS = 4;
  function overflowing(body) { return body.scrollHeight > body.clientHeight + 1; }
  function narrow() { return window.matchMedia("(max-width: 899px)").matches; }
  function roomOnPhone(body, decision, keepFeed) {
    var keep = keepFeed && document.querySelector(".feed li");
    var tools = decision.querySelector(".d-tools");
    var bottom = Math.max(keep ? keep.getBoundingClientRect().bottom : 0, tools ? tools.getBoundingClientRect().bottom : 0);
    var room = window.innerHeight - (bottom + window.scrollY) - 6;  // (as the page stands scrolled to its top)
    var now = body.clientHeight;
    if (room > 0 || keepFeed) body.style.maxHeight = Math.max(now + room, 3 * 16) + "px";
  }
  function liveExplain(decision, choice) {
    var line = decision.querySelector(".d-live");
    if (!line) return;
    var c = choice || decision.querySelector(".choice[data-enter]") || decision.querySelector(".choice");
    var ex = c && c.querySelector(".c-explain");
    var label = c && c.querySelector(".c-label");
    line.textContent = ex ? (label ? label.textContent.replace(/\s*Enter\b.*$/, "").replace(/\s*▸\s*$/, "").trim() + ": " : "") + ex.textContent.trim() : "";
  }
  // The level the last decision needed: the next one usually needs the same, so a wide window starts
  // there (its classes set before the new page is first laid out) and lays the page out about twice
  // a decision, not once a level. Levels: fit-1..fit-N on the panel; one more, fit-5 on the page.
  var lastFit = 0;
  function setLevel(decision, n) {
    for (var i = 1; i <= FIT_LEVELS; i++) decision.classList.toggle("fit-" + i, i <= n);
    document.body.classList.toggle("fit-5", n > FIT_LEVELS);
  }
  function fitChoices() {
    var decision = document.getElementById("decision");
    var body = decision && decision.querySelector(".d-body");
    if (!body) return;
    var phone = narrow();
    setLevel(decision, phone ? 0 : lastFit);
    body.style.maxHeight = "";
    decision.querySelectorAll(".choice").forEach(function (c) {
      var ex = c.querySelector(".c-explain");
      if (ex && !c.title) c.title = ex.textContent.trim();
    });
    if (decision.offsetParent === null) return;
    if (!phone) {  // the fewest levels at which every choice shows: up from the last one's, or down
      var n = lastFit;
      if (overflowing(body)) {
        while (n <= FIT_LEVELS && overflowing(body)) setLevel(decision, ++n);
      } else {
        while (n > 0) {
          setLevel(decision, n - 1);
          if (overflowing(body)) { setLevel(decision, n); break; }
          n--;
        }
      }
      lastFit = n;
      decision.dataset.fit = String(n);
      liveExplain(decision, null);
      return;
    }
    roomOnPhone(body, decision, true);
    for (var level = 1; level <= FIT_LEVELS && overflowing(body); level++) {
      decision.classList.add("fit-" + level);
      roomOnPhone(body, decision, true);
    }
    if (overflowing(body)) {  // the page gives room too: the scoreboard's facts one line each, the tools in one row
      document.body.classList.add("fit-5");
      level++;
      roomOnPhone(body, decision, true);
    }
    if (overflowing(body)) {  // the choices before the plays: grow while the tools stay in the window
      body.style.maxHeight = "";
      body.style.maxHeight = Math.max(body.clientHeight, 48) + "px";
      roomOnPhone(body, decision, false);
    }
    decision.dataset.fit = String(level - 1);
    liveExplain(decision, null);
  }
  document.addEventListener("pointerover", function (ev) {
    var c = ev.target.closest && ev.target.closest("#decision .choice");
    if (c) liveExplain(document.getElementById("decision"), c);
  });
  document.addEventListener("focusin", function (ev) {
    var c = ev.target.closest && ev.target.closest("#decision .choice");
    if (c) liveExplain(document.getElementById("decision"), c);
  });
  document.addEventListener("click", function (ev) {  // the decision's explanation, cut to two lines: a click shows it whole
    var ex = ev.target.closest && ev.target.closest("#decision.fit-2 .d-explain");
    if (ex) ex.classList.toggle("open");
  });
  // A Copy button (the invite link): the clipboard where the browser allows it, else the text
  // selected for Ctrl+C; the button's status line says which.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("[data-copy]");
    if (!btn) return;
    var field = document.getElementById(btn.dataset.copy);
    var status = btn.parentElement && btn.parentElement.querySelector(".copy-status");
    if (!field) return;
    function said(text) { if (status) status.textContent = text; }
    function bySelection() {
      field.focus(); field.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      said(ok ? "Copied." : "Selected: press Ctrl+C to copy.");
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () { said("Copied."); }, bySelection);
    } else {
      bySelection();
    }
  });
  // The season form: the team list of the league chosen (the others hidden and not sent)
  document.addEventListener("change", function (ev) {
    var sel = ev.target;
    if (!sel || !sel.hasAttribute || !sel.hasAttribute("data-league-select")) return;
    document.querySelectorAll(".team-pick[data-league]").forEach(function (box) {
      var on = box.dataset.league === sel.value;
      box.hidden = !on;
      box.querySelectorAll("select").forEach(function (s) { s.disabled = !on; });
    });
  });
  var fitTimer = null;
  window.addEventListener("resize", function () { clearTimeout(fitTimer); fitTimer = setTimeout(fitChoices, 80); });
  document.addEventListener("DOMContentLoaded", function () { tabs(document); styles(document); showShortcuts(document); fitChoices(); showDefault(); markBoard(); });
  // htmx:load comes once for each top-level element swapped in (a boosted page: the skip link, the
  // top bar, main, the footer): the decision is fitted once, for the one that holds it or lies in it
  // (each fitting lays the page out again, so four of them were most of a decision's time in the page).
  function holdsDecision(el) {
    return !!(el && el.nodeType === 1 && (el.id === "decision" || el.querySelector("#decision") || (el.closest && el.closest("#decision"))));
  }
  document.addEventListener("htmx:load", function (ev) {
    tabs(ev.target); styles(ev.target); showShortcuts(ev.target);
    if (holdsDecision(ev.target)) { fitChoices(); showDefault(); markBoard(); }
  });
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
  document.addEventListener("toggle", function (ev) {  // a second step opened or closed: its choices in sight too
    var d = ev.target;
    if (!(d instanceof HTMLDetailsElement) || !d.classList.contains("two-step")) return;
    if (d.open) unfoldStep(d);
    fitChoices();
    if (d.open) {  // Enter then takes the step's marked default (the focused button), never the first listed
      var def = d.querySelector(".then button.choice.default");
      if (def) def.focus({preventScroll: true});
    }
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
