// droidgate console: the live stream, filters, pause, countdowns, desktop notifications.
// Every page works without this file; it only adds what needs a live connection.
"use strict";
(function () {
  const page = document.body.dataset.page || "";
  if (page === "login") return;
  const toast = document.getElementById("toast");
  let toastTimer = null;
  function say(text) {
    if (!toast) return;
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 6000);
  }

  // -- desktop notifications -------------------------------------------------------------------
  const enable = document.getElementById("notify-enable");
  if (enable && "Notification" in window && Notification.permission === "default") {
    enable.hidden = false;
    enable.addEventListener("click", function () {
      Notification.requestPermission().then(function () { enable.hidden = true; });
    });
  }
  function notifyEscalation(data) {
    const text = (data.summary || "an action") + " — session " + data.session + ", agent " + data.agent;
    say("Escalation waiting: " + text);
    if ("Notification" in window && Notification.permission === "granted") {
      try {
        const n = new Notification("droidgate: approval needed", { body: text, tag: "esc-" + data.id });
        n.onclick = function () { window.focus(); location.href = "/console/escalations#esc-" + data.id; };
      } catch (e) { /* some browsers only notify from a service worker */ }
    }
    const badge = document.querySelector('a[href="/console/escalations"]');
    if (badge && !badge.querySelector(".badge")) {
      const b = document.createElement("span");
      b.className = "badge"; b.textContent = "!";
      badge.appendChild(document.createTextNode(" ")); badge.appendChild(b);
    }
  }

  // -- escalations page: countdowns and a list that follows the queue ---------------------------
  const list = document.getElementById("escalation-list");
  const serverSkew = 0;
  function tick() {
    const now = Date.now() / 1000 + serverSkew;
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      const left = Math.max(0, Math.round(parseFloat(el.dataset.deadline) - now));
      el.textContent = left + " s";
      el.classList.toggle("late", left <= 10);
    });
  }
  let refreshing = false;
  function refreshList() {
    if (!list || refreshing) return;
    refreshing = true;
    const typed = {};
    let focused = document.activeElement && document.activeElement.id;
    list.querySelectorAll("textarea").forEach(function (t) { typed[t.id] = t.value; });
    fetch("/console/escalations?fragment=1", { credentials: "same-origin", headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        list.innerHTML = html;
        Object.keys(typed).forEach(function (id) {
          const t = document.getElementById(id);
          if (t) t.value = typed[id];
        });
        if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
        tick();
        if (list.querySelector("[data-screen-pending]")) setTimeout(refreshList, 1000);
      })
      .catch(function () {})
      .finally(function () { refreshing = false; });
  }
  if (list) {
    tick();
    setInterval(tick, 1000);
    if (list.querySelector("[data-screen-pending]")) setTimeout(refreshList, 1000);
  }

  // -- audit page: the chain's verify status ---------------------------------------------------
  const verify = document.getElementById("verify");
  if (verify) {
    fetch(verify.dataset.url, { credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (v) {
        const d = v.detail || {};
        verify.classList.add(v.ok ? "ok" : "bad");
        verify.textContent = "Chain: " + (v.ok ? "verified" : "BROKEN") +
          (d.checked !== undefined ? " — " + d.checked + " records checked" : "") +
          (d.keyed ? ", MACs checked with the audit key" : "") +
          (d.problem ? " — " + d.problem : "");
      })
      .catch(function () { verify.textContent = "Chain: could not be checked"; });
  }

  // -- live decisions --------------------------------------------------------------------------
  const table = document.getElementById("decisions");
  const status = document.getElementById("stream-status");
  const pause = document.getElementById("pause");
  const filters = document.getElementById("filters");
  let paused = false, held = [], source = null, ready = false;
  window.droidgateLatencies = [];

  function cell(tr, text, cls) {
    const td = document.createElement("td");
    td.textContent = text === undefined || text === null ? "" : String(text);
    if (cls) td.className = cls;
    tr.appendChild(td);
    return td;
  }
  function fmtTime(ts) {
    const d = new Date(ts * 1000);
    return d.toLocaleTimeString([], { hour12: false }) + "." + String(d.getMilliseconds()).padStart(3, "0");
  }
  function latency(l) {
    if (!l) return "";
    return Object.keys(l).map(function (k) { return k + " " + Number(l[k]).toFixed(2); }).join(" · ");
  }
  function evidence(list) {
    return (list || []).map(function (e) {
      return e.masked + " " + e.kind + (e.source ? " from " + e.source : "") + (e.field ? " → " + e.field : "");
    }).join("; ");
  }
  function row(rec) {
    const tr = document.createElement("tr");
    tr.dataset.seq = rec.seq;
    tr.dataset.session = rec.session;
    tr.dataset.decision = rec.decision || "";
    cell(tr, fmtTime(rec.ts));
    cell(tr, rec.session); cell(tr, rec.agent); cell(tr, rec.channel); cell(tr, rec.action);
    cell(tr, rec.target);
    cell(tr, rec.decision, "d-" + rec.decision);
    cell(tr, rec.stage);
    cell(tr, (rec.rule_ids || []).join(", "));
    cell(tr, rec.reason);
    cell(tr, evidence(rec.evidence));
    cell(tr, latency(rec.latency_ms));
    return tr;
  }
  function show(recs, fresh) {
    const body = table.tBodies[0];
    const keep = parseInt(table.dataset.keep || "500", 10);
    recs.forEach(function (rec) {
      const tr = row(rec);
      if (fresh) tr.className = "fresh";
      body.insertBefore(tr, body.firstChild);
    });
    while (body.rows.length > keep) body.deleteRow(body.rows.length - 1);
  }
  function setStatus(text) { if (status) status.textContent = text; }
  function query() {
    const params = new URLSearchParams(new FormData(filters));
    for (const [k, v] of Array.from(params.entries())) if (!v) params.delete(k);
    return params.toString();
  }
  function connect(url, onDecision) {
    const es = new EventSource(url);
    es.addEventListener("escalation", function (ev) {
      notifyEscalation(JSON.parse(ev.data));
      refreshList();
    });
    es.addEventListener("escalation_resolved", function () { refreshList(); });
    if (onDecision) es.addEventListener("decision", onDecision);
    return es;
  }
  if (table) {
    function onDecision(ev) {
      const rec = JSON.parse(ev.data);
      if (ready) window.droidgateLatencies.push(Date.now() / 1000 - rec.ts);
      if (paused) {
        held.push(rec);
        pause.textContent = "Resume (" + held.length + " new)";
        return;
      }
      show([rec], ready);
    }
    function start() {
      if (source) source.close();
      table.tBodies[0].innerHTML = "";
      ready = false;
      setStatus("connecting…");
      const q = query();
      source = connect("/console/stream" + (q ? "?" + q : ""), onDecision);
      source.addEventListener("ready", function () { ready = true; setStatus(paused ? "paused" : "live"); });
      source.addEventListener("dropped", function (ev) { say(JSON.parse(ev.data).count + " decisions were too many to show"); });
      source.onerror = function () { setStatus("reconnecting…"); };
    }
    filters.addEventListener("submit", function (ev) {
      ev.preventDefault();
      const q = query();
      history.replaceState(null, "", "/console/live" + (q ? "?" + q : ""));
      start();
    });
    pause.addEventListener("click", function () {
      paused = !paused;
      pause.setAttribute("aria-pressed", String(paused));
      if (!paused) {
        show(held, true);
        held = [];
        pause.textContent = "Pause";
      } else {
        pause.textContent = "Resume";
      }
      setStatus(paused ? "paused" : "live");
    });
    start();
  } else {
    // once connected, catch up with what arrived before (the stream keeps no escalation events)
    connect("/console/stream?only=escalations", null).addEventListener("ready", function () {
      document.body.dataset.stream = "live";  // escalations from here on are announced
      refreshList();
    });
    if (list) setInterval(refreshList, 15000);
  }
})();
