// The web view of a game (src/web/page.rs): pan and pinch-zoom the board, step through the
// history, and take the live updates (server-sent events). Hand-written, no build step.
(function () {
  "use strict";
  var $ = function (id) { return document.getElementById(id); };
  var state = JSON.parse($("start").textContent);
  var words = JSON.parse($("words").textContent);
  var viewing = null; // the step shown from the history; null: the latest
  var img = $("board"), vp = $("viewport");
  var view = { scale: 1, x: 0, y: 0, fit: 1, fitted: false };
  window.southseasView = view; // read by the browser tests

  function apply() {
    img.style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.scale + ")";
  }
  function fit() {
    if (!img || !img.naturalWidth) return;
    var w = vp.clientWidth, h = vp.clientHeight;
    view.fit = Math.min(w / img.naturalWidth, h / img.naturalHeight);
    view.scale = view.fit;
    view.x = (w - img.naturalWidth * view.scale) / 2;
    view.y = (h - img.naturalHeight * view.scale) / 2;
    view.fitted = true;
    apply();
  }
  function zoomAt(factor, cx, cy) {
    var next = Math.min(Math.max(view.scale * factor, view.fit * 0.5), 4);
    view.x = cx - (cx - view.x) * next / view.scale;
    view.y = cy - (cy - view.y) * next / view.scale;
    view.scale = next;
    apply();
  }

  if (img) {
    img.addEventListener("load", function () { if (!view.fitted) fit(); });
    if (img.complete) fit();
    var pointers = new Map(), last = null;
    var centre = function () {
      var ps = Array.from(pointers.values()), r = vp.getBoundingClientRect();
      var x = 0, y = 0;
      ps.forEach(function (p) { x += p.x; y += p.y; });
      var c = { x: x / ps.length - r.left, y: y / ps.length - r.top, d: 0 };
      if (ps.length > 1) c.d = Math.hypot(ps[0].x - ps[1].x, ps[0].y - ps[1].y);
      return c;
    };
    vp.addEventListener("pointerdown", function (e) {
      vp.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      last = centre();
    });
    vp.addEventListener("pointermove", function (e) {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      var c = centre();
      view.x += c.x - last.x;
      view.y += c.y - last.y;
      if (c.d && last.d) zoomAt(c.d / last.d, c.x, c.y); else apply();
      last = c;
    });
    var up = function (e) { pointers.delete(e.pointerId); last = pointers.size ? centre() : null; };
    vp.addEventListener("pointerup", up);
    vp.addEventListener("pointercancel", up);
    vp.addEventListener("wheel", function (e) {
      e.preventDefault();
      var r = vp.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY / 300), e.clientX - r.left, e.clientY - r.top);
    }, { passive: false });
    vp.addEventListener("dblclick", function (e) {
      var r = vp.getBoundingClientRect();
      zoomAt(2, e.clientX - r.left, e.clientY - r.top);
    });
    $("zoom-in").onclick = function () { zoomAt(1.5, vp.clientWidth / 2, vp.clientHeight / 2); };
    $("zoom-out").onclick = function () { zoomAt(1 / 1.5, vp.clientWidth / 2, vp.clientHeight / 2); };
    $("zoom-fit").onclick = fit;
    window.addEventListener("resize", fit);
  }

  function showStep(s) {
    $("slider").max = s.steps;
    $("slider").value = s.step;
    $("step-label").textContent = s.label;
    $("narration").innerHTML = s.text;
    if (img.getAttribute("src") !== s.board) img.src = s.board;
  }
  function render() {
    document.title = state.title;
    $("heading").textContent = state.title;
    $("caption").innerHTML = state.caption;
    if (!state.started) return;
    $("status").innerHTML = state.status;
    $("slider").max = state.steps;
    if (viewing === null) showStep(state.step);
  }
  var asked = 0;
  function pick(step) {
    step = Math.max(0, Math.min(step, state.steps));
    if (step === state.steps) { viewing = null; showStep(state.step); return; }
    viewing = step;
    var mine = ++asked;
    fetch("step/" + step, { cache: "no-store" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (s) {
      if (s && mine === asked && viewing !== null) showStep(s);
    });
  }
  if (img) {
    $("slider").addEventListener("input", function () { pick(+$("slider").value); });
    $("prev").onclick = function () { pick((viewing === null ? state.steps : viewing) - 1); };
    $("next").onclick = function () { pick((viewing === null ? state.steps : viewing) + 1); };
    $("latest").onclick = function () { pick(state.steps); };
  }

  var live = $("live");
  function connect() {
    var events = new EventSource("events");
    events.addEventListener("state", function (e) {
      var next = JSON.parse(e.data);
      if (next.started && !state.started) { location.reload(); return; }
      state = next;
      render();
      document.body.dataset.version = state.version;
    });
    events.onopen = function () { live.textContent = words.live; live.className = "live on"; };
    events.onerror = function () {
      live.className = "live off";
      if (events.readyState === 2) {
        // Refused (too many viewers, or the link was revoked): try again later.
        live.textContent = words.tooMany;
        setTimeout(connect, 15000);
      } else {
        live.textContent = words.reconnecting;
      }
    };
  }
  connect();
})();
