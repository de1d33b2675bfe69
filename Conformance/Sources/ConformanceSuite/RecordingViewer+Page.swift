// The viewer page's style and script, kept apart from the Swift that fills the page in.
//
// The script reads the recording's version 2 lines once: `$ref`s resolved, each step's state
// made on demand from the nearest state already made (one kept every 64 steps) by applying
// the steps' patches, so a 10,000-step recording costs its parse before the first paint. The
// timeline draws only the rows on screen.

extension RecordingViewer {
  static let style = """
    :root { color-scheme: light; --row: 22px; }
    body { font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
      color: #111827; background: #fff; margin: 0; padding: 8px 16px; }
    h1 { font-size: 18px; margin: 0; display: inline-block; }
    h2 { font-size: 14px; margin: 8px 0 4px; }
    .facts { color: #4b5563; margin: 2px 0; display: inline-block; padding-left: 12px; }
    #replay .banner { padding: 4px 8px; border-radius: 4px; margin: 4px 0; }
    #replay .banner.pass { background: #dcfce7; color: #166534; }
    #replay .banner.fail { background: #fee2e2; color: #991b1b; }
    #controls { display: flex; gap: 10px; align-items: center; margin: 6px 0; }
    #scrubber { flex: 1; }
    #position { min-width: 150px; font-variant-numeric: tabular-nums; }
    #search { width: 260px; }
    main { display: grid; grid-template-columns: minmax(280px, 34%) 1fr; gap: 12px;
      height: calc(100vh - 110px); }
    #timeline { overflow-y: auto; border: 1px solid #e5e7eb; border-radius: 4px;
      position: relative; outline: none; }
    #timeline:focus { border-color: #93c5fd; }
    #rows { position: relative; }
    .row { position: absolute; left: 0; right: 0; height: var(--row); line-height: var(--row);
      padding: 0 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
      cursor: pointer; font-variant-numeric: tabular-nums; border-bottom: 1px solid #f3f4f6; }
    .row.selected { background: #dbeafe; }
    .row.hit { box-shadow: inset 3px 0 #f59e0b; }
    .row.diverged { background: #fee2e2; }
    .row.diverged.selected { background: #fecaca; }
    .row .n { color: #6b7280; display: inline-block; min-width: 44px; }
    .row .t { color: #6b7280; display: inline-block; min-width: 76px; }
    .tag { display: inline-block; padding: 0 5px; border-radius: 3px; font-size: 11px;
      margin-right: 6px; }
    .tag.user { background: #e0e7ff; color: #3730a3; }
    .tag.effect { background: #fef3c7; color: #92400e; }
    #detail { overflow-y: auto; padding-right: 4px; }
    table { border-collapse: collapse; width: 100%; margin: 4px 0; table-layout: fixed; }
    th:first-child { width: 24%; }
    th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #e5e7eb;
      vertical-align: top; font-size: 12px; overflow-wrap: anywhere; }
    th { background: #f9fafb; font-weight: 600; }
    td.path { font-family: ui-monospace, Menlo, monospace; }
    td.before { background: #fef2f2; } td.after { background: #f0fdf4; }
    pre, code, .tree { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
    pre { background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 4px; padding: 4px 6px;
      white-space: pre-wrap; word-break: break-word; margin: 2px 0; max-height: 320px;
      overflow: auto; }
    pre.failure { border-color: #fca5a5; background: #fef2f2; max-height: none; }
    .tree details { margin-left: 14px; } .tree summary { cursor: pointer; margin-left: -14px; }
    .tree .leaf { margin-left: 14px; }
    .tree .key { color: #6b21a8; } .tree .str { color: #166534; } .tree .num { color: #1d4ed8; }
    .tree mark, td mark { background: #fde68a; }
    #lanes svg { width: 100%; height: auto; border: 1px solid #e5e7eb; border-radius: 4px; }
    .muted { color: #6b7280; }
    """

  static let script = #"""
    (function () {
    "use strict";
    var EVERY = 64, ROW = 22, FOLD = 20;
    var text = document.getElementById("recording").textContent;
    var report = JSON.parse(document.getElementById("replay-report").textContent);
    var raw = text.split("\n"), lines = [];
    function unescapeToken(t) { return t.replace(/~1/g, "/").replace(/~0/g, "~"); }
    function resolve(node) {
      if (Array.isArray(node)) {
        for (var i = 0; i < node.length; i++) node[i] = resolve(node[i]);
        return node;
      }
      if (node !== null && typeof node === "object") {
        var keys = Object.keys(node);
        if (keys.length === 1 && keys[0] === "$ref" && typeof node.$ref === "string") {
          var ref = node.$ref, slash = ref.indexOf("/");
          var value = lines[Number(slash < 0 ? ref : ref.slice(0, slash)) - 1];
          if (slash >= 0) ref.slice(slash + 1).split("/").forEach(function (t) {
            value = value[unescapeToken(t)];
          });
          return value;
        }
        for (var k = 0; k < keys.length; k++) node[keys[k]] = resolve(node[keys[k]]);
      }
      return node;
    }
    for (var r = 0; r < raw.length; r++) if (raw[r].length) lines.push(resolve(JSON.parse(raw[r])));
    var header = lines[0], steps = [], calls = [], effects = [], byOrigin = {}, end = null;
    function originKey(o) { return o && o.feedback ? o.feedback.name + "#" + o.feedback.generation : "user"; }
    function effectOf(o) {
      var key = originKey(o), e = byOrigin[key];
      if (!e) { e = byOrigin[key] = { key: key, origin: o, start: null, end: null, outcome: null, calls: [] }; effects.push(e); }
      return e;
    }
    for (var l = 1; l < lines.length; l++) {
      var rec = lines[l];
      if (rec.step) steps.push(rec.step);
      else if (rec.call) { calls.push(rec.call); if (rec.call.by) effectOf(rec.call.by).calls.push(rec.call); }
      else if (rec.effect) effectOf(rec.effect.origin).start = rec.effect.started_at_ms;
      else if (rec.effect_end) {
        var ended = effectOf(rec.effect_end.origin);
        ended.end = rec.effect_end.ended_at_ms; ended.outcome = rec.effect_end.outcome;
      } else if (rec.end) end = rec.end;
    }
    function clone(v) { return v === null || typeof v !== "object" ? v : JSON.parse(JSON.stringify(v)); }
    function tokens(path) { return path === "" ? [] : path.split("/").slice(1).map(unescapeToken); }
    function apply(doc, op) {
      var t = tokens(op.path);
      if (t.length === 0) return op.op === "remove" ? null : clone(op.value);
      var parent = doc;
      for (var i = 0; i < t.length - 1; i++) parent = parent[t[i]];
      var last = t[t.length - 1];
      if (Array.isArray(parent)) {
        if (op.op === "add") {
          if (last === "-") parent.push(clone(op.value)); else parent.splice(Number(last), 0, clone(op.value));
        } else if (op.op === "remove") parent.splice(Number(last), 1);
        else parent[Number(last)] = clone(op.value);
      } else if (op.op === "remove") delete parent[last];
      else parent[last] = clone(op.value);
      return doc;
    }
    // kept[n] is the state after n steps (0: the first state), kept every EVERY steps.
    var kept = { 0: JSON.stringify(header.initial_state) };
    function stateAfter(n) {
      var base = n - (n % EVERY);
      while (kept[base] === undefined) base -= EVERY;
      var doc = JSON.parse(kept[base]);
      for (var i = base; i < n; i++) {
        var s = steps[i];
        if (s.state !== undefined) doc = clone(s.state);
        else for (var j = 0; j < s.patch.length; j++) doc = apply(doc, s.patch[j]);
        if ((i + 1) % EVERY === 0 && kept[i + 1] === undefined) kept[i + 1] = JSON.stringify(doc);
      }
      return doc;
    }
    function diff(a, b, path, out) {
      if (out.length > 400) return;
      if (a === b) return;
      var objects = a !== null && b !== null && typeof a === "object" && typeof b === "object" &&
        Array.isArray(a) === Array.isArray(b);
      if (!objects) { if (JSON.stringify(a) !== JSON.stringify(b)) out.push([path || "/", a, b]); return; }
      var keys = {}, k;
      for (k in a) keys[k] = true;
      for (k in b) keys[k] = true;
      for (k in keys) diff(a[k], b[k], path + "/" + k, out);
    }
    function caseName(v) {
      if (v === null || typeof v !== "object") return String(v);
      var keys = Object.keys(v);
      return keys.length === 1 ? keys[0] : "{" + keys.join(", ") + "}";
    }
    function short(v, n) {
      var s = v === undefined ? "—" : JSON.stringify(v);
      return s.length > n ? s.slice(0, n - 1) + "…" : s;
    }
    function ms(v) { return v === null || v === undefined ? "…" : v.toFixed(v < 10 ? 3 : 1) + " ms"; }
    function who(o) {
      return o && o.feedback ? "effect of " + o.feedback.name + " (generation " + o.feedback.generation + ")" : "the user";
    }
    function el(tag, cls, content) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (content !== undefined) e.textContent = content;
      return e;
    }
    // The state as a tree: objects and arrays past FOLD members, or deep, start folded and
    // are drawn when opened.
    var query = "";
    function tree(value, key, depth) {
      var box;
      if (value !== null && typeof value === "object") {
        var keys = Object.keys(value), array = Array.isArray(value);
        box = document.createElement("details");
        box.open = depth < 2 && keys.length <= FOLD;
        var summary = el("summary");
        if (key !== null) summary.appendChild(el("span", "key", key + ": "));
        summary.appendChild(document.createTextNode(array ? "[" + keys.length + " items]" : "{" + keys.length + " fields}"));
        box.appendChild(summary);
        var drawn = false;
        function draw() {
          if (drawn) return; drawn = true;
          keys.forEach(function (k) { box.appendChild(tree(value[k], k, depth + 1)); });
        }
        if (box.open) draw(); else box.addEventListener("toggle", draw);
        return box;
      }
      box = el("div", "leaf");
      if (key !== null) box.appendChild(el("span", "key", key + ": "));
      var shown = JSON.stringify(value), span = el("span", typeof value === "string" ? "str" : "num");
      if (query && shown.toLowerCase().indexOf(query) >= 0) { var m = el("mark"); m.textContent = shown; span.appendChild(m); }
      else span.textContent = shown;
      box.appendChild(span);
      return box;
    }
    var timeline = document.getElementById("timeline"), rows = document.getElementById("rows");
    var scrubber = document.getElementById("scrubber"), position = document.getElementById("position");
    var failure = report && report.failure, divergedAt = failure && failure.step ? failure.step : null;
    var selected = steps.length ? 1 : 0, hits = {}, hitList = [];
    rows.style.height = (steps.length * ROW) + "px";
    scrubber.max = String(steps.length);
    function drawRows() {
      var first = Math.max(0, Math.floor(timeline.scrollTop / ROW) - 5);
      var last = Math.min(steps.length, Math.ceil((timeline.scrollTop + timeline.clientHeight) / ROW) + 5);
      rows.textContent = "";
      for (var i = first; i < last; i++) {
        var s = steps[i], row = el("div", "row");
        row.style.top = (i * ROW) + "px";
        row.dataset.step = String(i + 1);
        if (i + 1 === selected) row.className += " selected";
        if (hits[i + 1]) row.className += " hit";
        if (i + 1 === divergedAt) row.className += " diverged";
        row.appendChild(el("span", "n", String(i + 1)));
        row.appendChild(el("span", "t", ms(s.at_ms)));
        var user = !(s.origin && s.origin.feedback);
        row.appendChild(el("span", "tag " + (user ? "user" : "effect"), user ? "user" : originKey(s.origin)));
        row.appendChild(document.createTextNode(caseName(s.event)));
        rows.appendChild(row);
      }
      return last - first;
    }
    function reveal() {
      var top = (selected - 1) * ROW;
      if (top < timeline.scrollTop) timeline.scrollTop = top;
      else if (top + ROW > timeline.scrollTop + timeline.clientHeight) timeline.scrollTop = top + ROW - timeline.clientHeight;
    }
    function table(headers, body) {
      var t = el("table"), head = el("tr");
      headers.forEach(function (h) { head.appendChild(el("th", null, h)); });
      t.appendChild(head);
      body.forEach(function (cells) {
        var tr = el("tr");
        cells.forEach(function (c) { tr.appendChild(el("td", c[0], c[1])); });
        t.appendChild(tr);
      });
      return t;
    }
    function drawStep() {
      var box = document.getElementById("step");
      box.textContent = "";
      if (selected === 0) { box.appendChild(el("h2", null, "The first state")); }
      else {
        var s = steps[selected - 1];
        box.appendChild(el("h2", null, "Step " + selected + " of " + steps.length + " · " + ms(s.at_ms) + " · sent by " + who(s.origin)));
        // A long event (an answer's page) starts folded, its start in the summary.
        var shown = JSON.stringify(s.event), event = el("details");
        event.open = shown.length <= 300;
        event.appendChild(el("summary", null, "event ." + caseName(s.event) + (event.open ? "" : " " + short(s.event[caseName(s.event)], 100))));
        event.appendChild(el("pre", null, JSON.stringify(s.event, null, 2)));
        box.appendChild(event);
      }
      if (divergedAt === selected) {
        box.appendChild(el("h2", null, "Where today's code differs (" + failure.check + ")"));
        box.appendChild(el("pre", "failure", failure.message));
      }
      var after = stateAfter(selected);
      if (selected > 0) {
        var changes = [];
        diff(stateAfter(selected - 1), after, "", changes);
        box.appendChild(el("h2", null, changes.length ? "State changes (" + changes.length + ")" : "No state change"));
        if (changes.length) box.appendChild(table(["field", "before", "after"], changes.map(function (c) {
          return [["path", c[0]], ["before", short(c[1], 200)], ["after", short(c[2], 200)]];
        })));
      }
      var whole = el("details", "tree");
      whole.appendChild(el("summary", null, "Whole state"));
      var drawn = false;
      whole.addEventListener("toggle", function () {
        if (drawn) return; drawn = true; whole.appendChild(tree(after, null, 0));
      });
      box.appendChild(whole);
    }
    // Effect lanes: one per feedback, each effect a bar from its start to its end, the calls
    // as ticks, around the selected step's time.
    var NS = "http://www.w3.org/2000/svg", feedbacks = [];
    effects.forEach(function (e) {
      if (e.origin && e.origin.feedback && feedbacks.indexOf(e.origin.feedback.name) < 0) feedbacks.push(e.origin.feedback.name);
    });
    function svg(tag, attrs, text) {
      var e = document.createElementNS(NS, tag);
      for (var a in attrs) e.setAttribute(a, attrs[a]);
      if (text !== undefined) e.textContent = text;
      return e;
    }
    function timeOf(n) { return n === 0 ? 0 : steps[n - 1].at_ms; }
    function drawLanes() {
      var box = document.getElementById("lanes");
      box.textContent = "";
      box.appendChild(el("h2", null, "Effects"));
      if (!feedbacks.length) { box.appendChild(el("p", "muted", "No effect ran.")); return; }
      var now = timeOf(selected);
      var from = timeOf(Math.max(0, selected - 10)), to = timeOf(Math.min(steps.length, selected + 10));
      var span = Math.max(to - from, 1);
      from -= span * 0.05; to += span * 0.05; span = to - from;
      var W = 900, L = 120, H = 22, pic = svg("svg", { viewBox: "0 0 " + W + " " + (feedbacks.length * H + 22), role: "img" });
      function x(t) { return L + Math.max(0, Math.min(1, (t - from) / span)) * (W - L - 8); }
      feedbacks.forEach(function (name, i) {
        pic.appendChild(svg("text", { x: 4, y: i * H + 15, "font-size": 11 }, name));
        pic.appendChild(svg("line", { x1: L, x2: W - 8, y1: i * H + 11, y2: i * H + 11, stroke: "#e5e7eb" }));
      });
      var running = [];
      effects.forEach(function (e) {
        if (!e.origin || !e.origin.feedback || e.start === null) return;
        var stop = e.end === null ? Infinity : e.end;
        if (e.start <= now && stop >= now) running.push(e);
        if (stop < from || e.start > to) return;
        var lane = feedbacks.indexOf(e.origin.feedback.name);
        var colour = e.outcome === "completed" ? "#16a34a" : e.outcome === "cancelled" ? "#f59e0b" : e.outcome === "failed" ? "#dc2626" : "#6b7280";
        var bar = svg("rect", { x: x(e.start), y: lane * H + 5, width: Math.max(2, x(Math.min(stop, to)) - x(e.start)), height: 12, fill: colour, "fill-opacity": 0.35, stroke: colour });
        bar.appendChild(svg("title", {}, e.key + ": started " + ms(e.start) + ", " + (e.outcome || "running") + (e.end === null ? "" : " at " + ms(e.end))));
        pic.appendChild(bar);
        e.calls.forEach(function (c) {
          pic.appendChild(svg("line", { x1: x(c.ended_at_ms), x2: x(c.ended_at_ms), y1: lane * H + 3, y2: lane * H + 19, stroke: "#1d4ed8" }));
        });
      });
      pic.appendChild(svg("line", { x1: x(now), x2: x(now), y1: 0, y2: feedbacks.length * H + 4, stroke: "#111827", "stroke-dasharray": "3 2" }));
      pic.appendChild(svg("text", { x: L, y: feedbacks.length * H + 18, "font-size": 10, fill: "#6b7280" }, ms(from)));
      pic.appendChild(svg("text", { x: W - 8, y: feedbacks.length * H + 18, "font-size": 10, fill: "#6b7280", "text-anchor": "end" }, ms(to)));
      box.appendChild(pic);
      var legend = el("p", "muted", "Bars: green completed, amber cancelled, red failed, grey still running; ticks: calls answered; dashed: this step.");
      box.appendChild(legend);
      var list = document.getElementById("calls");
      list.textContent = "";
      var s = selected > 0 ? steps[selected - 1] : null;
      var mine = s && s.origin && s.origin.feedback ? byOrigin[originKey(s.origin)] : null;
      if (mine && running.indexOf(mine) < 0) running.unshift(mine);
      list.appendChild(el("h2", null, running.length ? "Effects at this step, and their calls" : "No effect running at this step"));
      running.forEach(function (e) {
        var item = el("details"); item.open = e === mine;
        item.appendChild(el("summary", null, e.key + " · started " + ms(e.start) + " · " + (e.outcome ? e.outcome + " " + ms(e.end) : "running") + " · " + e.calls.length + " call(s)"));
        e.calls.forEach(function (c) {
          var name = caseName(c.call), args = c.call[name] || {}, shown = {}, outcome = args.outcome;
          for (var k in args) if (k !== "outcome") shown[k] = args[k];
          var call = el("details");
          call.appendChild(el("summary", null, name + short(shown, 120) + " → " + caseName(outcome) + " · " + ms(c.started_at_ms) + " to " + ms(c.ended_at_ms)));
          call.appendChild(el("pre", null, "arguments: " + JSON.stringify(shown, null, 2) + "\nanswer: " + JSON.stringify(outcome, null, 2)));
          item.appendChild(call);
        });
        list.appendChild(item);
      });
    }
    function select(n) {
      selected = Math.max(0, Math.min(steps.length, n));
      scrubber.value = String(selected);
      position.textContent = "step " + selected + " of " + steps.length;
      reveal(); drawRows(); drawStep(); drawLanes();
    }
    timeline.addEventListener("scroll", drawRows);
    timeline.addEventListener("click", function (e) {
      var row = e.target.closest(".row");
      if (row) select(Number(row.dataset.step));
    });
    scrubber.addEventListener("input", function () { select(Number(scrubber.value)); });
    var page = function () { return Math.max(1, Math.floor(timeline.clientHeight / ROW) - 1); };
    document.addEventListener("keydown", function (e) {
      if (e.target && e.target.id === "search") return;
      var moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
      if (moves[e.key]) select(selected + moves[e.key]);
      else if (e.key === "Home") select(0);
      else if (e.key === "End") select(steps.length);
      else if (e.key === "PageDown") select(selected + page());
      else if (e.key === "PageUp") select(selected - page());
      else if (e.key === "n" && hitList.length) select(hitList.find(function (h) { return h > selected; }) || hitList[0]);
      else return;
      e.preventDefault();
    });
    // The search: the steps whose event or state change holds the text, the first state too;
    // `n` goes to the next one. Each step's text is made once, on the first search.
    var haystack = null;
    function search(q) {
      query = q.toLowerCase(); hits = {}; hitList = [];
      if (query) {
        if (!haystack) haystack = steps.map(function (s) {
          return (caseName(s.event) + JSON.stringify(s.event) + JSON.stringify(s.patch || s.state)).toLowerCase();
        });
        if (JSON.stringify(header.initial_state).toLowerCase().indexOf(query) >= 0) { hits[0] = true; hitList.push(0); }
        haystack.forEach(function (h, i) { if (h.indexOf(query) >= 0) { hits[i + 1] = true; hitList.push(i + 1); } });
      }
      document.getElementById("hits").textContent = query ? hitList.length + " step(s); n: next" : "";
      if (hitList.length) select(hitList.find(function (h) { return h >= selected; }) || hitList[0]);
      else { drawRows(); drawStep(); }
    }
    document.getElementById("search").addEventListener("keydown", function (e) {
      if (e.key === "Enter") { search(e.target.value); e.preventDefault(); }
      if (e.key === "Escape") { e.target.blur(); timeline.focus(); }
    });
    var facts = [header.app, steps.length + " steps", calls.length + " calls", effects.length + " effects"];
    if (end) facts.push("ended " + end.reason + " at " + ms(end.at_ms)); else facts.push("no end record (cut short)");
    document.getElementById("facts").textContent = facts.join(" · ");
    var banner = document.getElementById("replay");
    if (report) {
      var b = el("div", "banner " + (failure ? "fail" : "pass"));
      if (!failure) b.textContent = "Replayed with today's code: all " + report.steps + " steps as recorded.";
      else if (divergedAt) {
        b.textContent = "Today's code differs from the recording at step " + divergedAt + " (" + failure.check + "). ";
        var go = el("a", null, "Go to it"); go.href = "#"; go.addEventListener("click", function (e) { e.preventDefault(); select(divergedAt); });
        b.appendChild(go);
      } else { b.textContent = "The replay failed: "; b.appendChild(el("pre", "failure", failure.message)); }
      banner.appendChild(b);
    }
    select(divergedAt || selected);
    timeline.focus();
    document.getElementById("timing").textContent = JSON.stringify({ first_paint_ms: performance.now(), steps: steps.length });
    window.recordingViewer = { select: select, selected: function () { return selected; }, search: search, rowsDrawn: function () { return rows.children.length; } };
    })();
    """#
}
