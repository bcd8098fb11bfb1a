"use strict";
const $ = (id) => document.getElementById(id);
function say(id, text) { $(id).textContent = text; }
function item(list, text, href) {
  const li = document.createElement("li");
  if (href) { const a = document.createElement("a"); a.href = href; a.textContent = text; li.append(a); }
  else li.textContent = text;
  list.append(li);
}

function lobby() {
  async function refresh() {
    const answer = await fetch("/api/tables");
    const data = await answer.json();
    const list = $("tables");
    list.replaceChildren();
    for (const t of data.tables)
      item(list, `${t.title} ${t.table}${t.over ? " (over)" : ""}: ${t.seats.join(", ")}`, t.watch);
  }
  $("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    const people = $("people").value.split(",").filter((s) => s.trim()).map(Number);
    const ask = { game: $("game").value, people, bots: $("bots").value };
    if ($("players").value) ask.players = Number($("players").value);
    const answer = await fetch("/api/tables", { method: "POST", body: JSON.stringify(ask),
      headers: { "Content-Type": "application/json" } });
    const data = await answer.json();
    const links = $("links");
    links.replaceChildren();
    if (!answer.ok) { say("message", `refused (${data.error}): ${data.reason}`); return; }
    say("message", `table ${data.table}: give each person their own link (it is their seat)`);
    for (const [seat, link] of Object.entries(data.seats)) item(links, `seat ${seat}: ${link}`, link);
    item(links, `spectators: ${data.watch}`, data.watch);
    refresh();
  });
  refresh();
}

function table() {
  const key = location.pathname.split("/").pop();
  const token = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  let ws = null, retry = 0, seat = null;
  function send(message) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(message)); }
  function show(state) {
    seat = state.seat;
    document.title = `${state.title}: ${seat === null ? "watching" : "seat " + seat}`;
    say("title", `${state.title}, table ${state.table}`);
    say("who", (seat === null ? "you watch. " : `you are seat ${seat}. `) +
      state.seats.map((w, s) => `seat ${s}: ${w}`).join("; "));
    say("turn", state.over ? "" : `to act: ${state.to_act.map((s) => "seat " + s).join(", ")}`);
    $("over").hidden = !state.over;
    say("over", state.over ? "the game is over" + (state.result ? ": " + JSON.stringify(state.result) : "") : "");
    say("text", state.text);
    const box = $("actions");
    box.replaceChildren();
    state.actions.forEach((a) => {
      const b = document.createElement("button");
      b.className = "act";
      b.textContent = a.label;
      b.addEventListener("click", () => {
        for (const other of box.querySelectorAll("button")) other.disabled = true;
        send({ act: a.data });
      });
      box.append(b);
    });
    if (!state.actions.length) say("actions", seat === null ? "" : "(nothing to do now)");
    $("hint").hidden = !state.hints || !state.actions.length;
    $("odds").hidden = !state.odds;
    const events = $("events");
    for (const words of state.events) item(events, words);
    while (events.children.length > 60) events.firstChild.remove();
    events.scrollTop = events.scrollHeight;
  }
  function handle(message) {
    if (message.type === "state") show(message);
    else if (message.type === "verdict") {
      say("message", message.accepted ? "" : `refused (${message.code}): ${message.reason}`);
      if (!message.accepted) for (const b of $("actions").querySelectorAll("button")) b.disabled = false;
    } else if (message.type === "error") say("message", `refused (${message.code}): ${message.reason}`);
    else if (message.type === "hint")
      say("notes", "hint (estimated score):\n" + message.moves.map((m) => `${m.label} ≈ ${m.value}`).join("\n"));
    else if (message.type === "odds") say("notes", message.text);
    else if (message.type === "closed") say("message", `closed: ${message.reason}`);
  }
  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(`${scheme}//${location.host}/ws/${key}`);
    ws.onopen = () => { retry = 0; $("events").replaceChildren(); send({ token }); say("status", "connected"); };
    ws.onmessage = (e) => handle(JSON.parse(e.data));
    ws.onclose = () => {
      say("status", "disconnected: reconnecting");
      setTimeout(connect, Math.min(5000, 100 * 2 ** retry++));
    };
  }
  $("hint").addEventListener("click", () => { say("notes", "thinking..."); send({ hint: true }); });
  $("odds").addEventListener("click", () => { say("notes", "working out the odds..."); send({ odds: true }); });
  connect();
}

if (document.body.dataset.page === "lobby") lobby(); else table();
