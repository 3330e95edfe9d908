// The table page's behaviour (bot/web/page.py writes the HTML): pan and zoom of the board,
// moving between positions, and following the game live. No library, no build step.
(function () {
  "use strict";

  var body = document.body;
  var view = { s: 1, x: 0, y: 0 }; // the board's transform: scale, then translation (px)
  var MAX = 8;
  var pointers = new Map();
  var pinch = null; // {d: distance, mx, my: midpoint} while two pointers are down
  var lastTap = null; // {t, x, y} of the last tap, for a double tap
  var down = null; // {t, x, y, moved} of the pointer that went down first
  var source = null;
  var loading = false;
  var pending = null; // a newer total asked for while a fetch was under way

  function num(name) { return parseInt(body.getAttribute("data-" + name) || "0", 10) || 0; }
  function base() { return body.getAttribute("data-base") || ""; }
  function board() { return document.getElementById("board"); }
  function image() { var b = board(); return b ? b.querySelector("img") : null; }
  function go(move) { window.location.assign(base() + "/" + move); }

  // ---- pan and zoom -------------------------------------------------------------------
  function clampAxis(t, s, size, offset, room) {
    var scaled = s * size;
    if (scaled <= room) return (room - scaled) / 2 - offset; // centred
    return Math.min(-offset, Math.max(room - scaled - offset, t));
  }

  function apply() {
    var b = board(), img = image();
    if (!b || !img) return;
    view.s = Math.min(MAX, Math.max(1, view.s));
    if (view.s === 1) { view.x = 0; view.y = 0; }
    else {
      view.x = clampAxis(view.x, view.s, img.offsetWidth, img.offsetLeft, b.clientWidth);
      view.y = clampAxis(view.y, view.s, img.offsetHeight, img.offsetTop, b.clientHeight);
    }
    img.style.transform = "translate(" + view.x + "px," + view.y + "px) scale(" + view.s + ")";
    b.classList.toggle("zoomed", view.s > 1);
  }

  // A point of the viewport (client coordinates) in the image's untransformed box.
  function local(cx, cy) {
    var b = board(), img = image();
    if (!b || !img) return { x: 0, y: 0 };
    var r = b.getBoundingClientRect();
    return { x: cx - r.left - b.clientLeft - img.offsetLeft, y: cy - r.top - b.clientTop - img.offsetTop };
  }

  function centre() {
    var b = board();
    if (!b) return { x: 0, y: 0 };
    var r = b.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  function zoomAt(factor, cx, cy) {
    var p = local(cx, cy);
    var s = Math.min(MAX, Math.max(1, view.s * factor));
    view.x = p.x - (p.x - view.x) * (s / view.s);
    view.y = p.y - (p.y - view.y) * (s / view.s);
    view.s = s;
    apply();
  }

  function zoomCentre(factor) { var c = centre(); zoomAt(factor, c.x, c.y); }
  function fit() { view.s = 1; apply(); }
  function pan(dx, dy) { view.x += dx; view.y += dy; apply(); }

  function onWheel(ev) {
    ev.preventDefault();
    var dy = ev.deltaMode === 1 ? ev.deltaY * 16 : ev.deltaY;
    zoomAt(Math.exp(-dy * 0.0015), ev.clientX, ev.clientY);
  }

  function midDist() {
    var ps = Array.from(pointers.values());
    var dx = ps[0].x - ps[1].x, dy = ps[0].y - ps[1].y;
    return { d: Math.hypot(dx, dy) || 1, mx: (ps[0].x + ps[1].x) / 2, my: (ps[0].y + ps[1].y) / 2 };
  }

  function onDown(ev) {
    if (ev.pointerType === "mouse" && ev.button !== 0) return;
    var b = board();
    if (b && b.setPointerCapture) { try { b.setPointerCapture(ev.pointerId); } catch (e) { /* gone */ } }
    pointers.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (pointers.size === 1) down = { t: Date.now(), x: ev.clientX, y: ev.clientY, moved: false };
    if (pointers.size === 2) { pinch = midDist(); if (down) down.moved = true; }
  }

  function onMove(ev) {
    var p = pointers.get(ev.pointerId);
    if (!p) return;
    var dx = ev.clientX - p.x, dy = ev.clientY - p.y;
    p.x = ev.clientX; p.y = ev.clientY;
    if (down && Math.hypot(ev.clientX - down.x, ev.clientY - down.y) > 10) down.moved = true;
    if (pointers.size >= 2 && pinch) {
      var now = midDist();
      pan(now.mx - pinch.mx, now.my - pinch.my);
      zoomAt(now.d / pinch.d, now.mx, now.my);
      pinch = now;
    } else if (pointers.size === 1 && view.s > 1) {
      pan(dx, dy);
    }
  }

  function onUp(ev) {
    if (!pointers.delete(ev.pointerId)) return;
    if (pointers.size < 2) pinch = null;
    if (pointers.size > 0 || !down) return;
    var tap = !down.moved && Date.now() - down.t < 300 && ev.type === "pointerup";
    down = null;
    if (!tap) { lastTap = null; return; }
    var t = Date.now();
    if (lastTap && t - lastTap.t < 350 && Math.hypot(ev.clientX - lastTap.x, ev.clientY - lastTap.y) < 30) {
      lastTap = null;
      if (view.s > 1) fit(); else zoomAt(2, ev.clientX, ev.clientY);
    } else {
      lastTap = { t: t, x: ev.clientX, y: ev.clientY };
    }
  }

  function boardKey(ev) {
    var step = 60, k = ev.key;
    if (k === "+" || k === "=") zoomCentre(1.25);
    else if (k === "-" || k === "_") zoomCentre(0.8);
    else if (k === "0") fit();
    else if (k === "ArrowLeft") pan(step, 0);
    else if (k === "ArrowRight") pan(-step, 0);
    else if (k === "ArrowUp") pan(0, step);
    else if (k === "ArrowDown") pan(0, -step);
    else return;
    ev.preventDefault();
  }

  // The board's own listeners; called again after the live update replaces it.
  function bindBoard() {
    var b = board(), img = image();
    if (!b) return;
    b.addEventListener("wheel", onWheel, { passive: false });
    b.addEventListener("pointerdown", onDown);
    b.addEventListener("pointermove", onMove);
    b.addEventListener("pointerup", onUp);
    b.addEventListener("pointercancel", onUp);
    b.addEventListener("dragstart", function (ev) { ev.preventDefault(); });
    if (img && !img.complete) img.addEventListener("load", apply);
    apply();
  }

  // The log scrolls on its own on a wide screen: bring the shown move into sight in it.
  function showCurrent() {
    var col = document.querySelector(".log");
    var here = col ? col.querySelector('[aria-current="true"]') : null;
    if (!col || !here || col.scrollHeight <= col.clientHeight) return;
    var c = col.getBoundingClientRect(), h = here.getBoundingClientRect();
    if (h.top >= c.top && h.bottom <= c.bottom) return; // in sight already
    col.scrollTop = Math.max(0, h.top - c.top + col.scrollTop - 80); // just under the heading
  }

  // ---- moving between positions -------------------------------------------------------
  var sliderKeyed = false;

  function onClick(ev) {
    var t = ev.target instanceof Element ? ev.target.closest("[data-zoom]") : null;
    if (!t) return;
    var z = t.getAttribute("data-zoom");
    if (z === "in") zoomCentre(1.5);
    else if (z === "out") zoomCentre(1 / 1.5);
    else fit();
  }

  function onInput(ev) {
    if (!ev.target || ev.target.id !== "move-slider") return;
    var out = document.getElementById("move-out");
    if (out) out.textContent = ev.target.value;
  }

  function onChange(ev) {
    if (!ev.target || ev.target.id !== "move-slider" || sliderKeyed) return;
    if (parseInt(ev.target.value, 10) !== num("move")) go(ev.target.value);
  }

  function onKey(ev) {
    var t = ev.target;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (t && t.id === "board" && ev.key !== "[" && ev.key !== "]") { boardKey(ev); return; }
    if (t && t.id === "move-slider") {
      if (ev.key === "Enter") { ev.preventDefault(); go(t.value); } else sliderKeyed = true;
      return;
    }
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    var move = num("move"), total = num("total");
    if ((ev.key === "[" || ev.key === "ArrowLeft") && move > 0) { ev.preventDefault(); go(move - 1); }
    else if ((ev.key === "]" || ev.key === "ArrowRight") && move < total) { ev.preventDefault(); go(move + 1); }
  }

  // ---- following the game -------------------------------------------------------------
  function showNews(total) {
    var slider = document.getElementById("move-slider");
    if (slider) slider.max = String(total);
    Array.prototype.forEach.call(document.querySelectorAll(".total"), function (el) {
      el.textContent = String(total);
    });
    var news = document.getElementById("news");
    if (!news) return;
    news.textContent = "New move: ";
    var a = document.createElement("a");
    a.href = base() + "/" + total;
    a.textContent = "go to the latest";
    news.appendChild(a);
    news.hidden = false;
  }

  // Fetch the new board's picture before the swap: no blank board while it loads.
  function preload(doc) {
    var img = doc.querySelector("#board img"), src = img ? img.getAttribute("src") : null;
    if (!src) return Promise.resolve();
    return new Promise(function (done) {
      var pic = new Image();
      pic.onload = pic.onerror = function () { done(); };
      pic.src = src;
      setTimeout(done, 5000);
    });
  }

  function swap(doc, url) {
    var fresh = doc.querySelector("main"), main = document.querySelector("main");
    if (!fresh || !main) return;
    var active = document.activeElement, focusId = active && main.contains(active) ? active.id : "";
    main.innerHTML = fresh.innerHTML;
    ["move", "total", "live"].forEach(function (k) {
      var v = doc.body ? doc.body.getAttribute("data-" + k) : null;
      if (v !== null) body.setAttribute("data-" + k, v);
    });
    if (doc.title) document.title = doc.title;
    if (window.history && history.replaceState) history.replaceState(null, "", url);
    bindBoard();
    showCurrent();
    var el = focusId ? document.getElementById(focusId) : null;
    if (el) el.focus({ preventScroll: true });
  }

  function refresh(total) {
    if (loading) { pending = total; return; }
    loading = true;
    var url = base() + "/" + total;
    fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) return null;
        var doc = new DOMParser().parseFromString(text, "text/html");
        return preload(doc).then(function () { swap(doc, url); });
      })
      .catch(function () { /* the next message tries again */ })
      .then(function () {
        loading = false;
        var next = pending;
        pending = null;
        if (next !== null && next !== num("total")) refresh(next);
      });
  }

  function onMessage(ev) {
    var data = null;
    try { data = JSON.parse(ev.data); } catch (e) { return; }
    if (!data || typeof data.total !== "number") return;
    var move = num("move"), total = num("total");
    var finished = data.status === "finished";
    var changed = data.total !== total || (finished && body.getAttribute("data-live") === "1");
    if (changed && move === total) refresh(data.total);
    else if (data.total > total) { body.setAttribute("data-total", String(data.total)); showNews(data.total); }
    if (finished && source) { source.close(); source = null; }
  }

  function live() {
    if (body.getAttribute("data-live") !== "1" || typeof window.EventSource !== "function") return;
    try { source = new EventSource(base() + "/live"); } catch (e) { return; }
    source.addEventListener("message", onMessage);
  }

  document.addEventListener("click", onClick);
  document.addEventListener("input", onInput);
  document.addEventListener("change", onChange);
  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", function (ev) {
    if (ev.target && ev.target.id === "move-slider") sliderKeyed = false;
  }, true);
  window.addEventListener("resize", apply);
  bindBoard();
  showCurrent();
  live();
})();
