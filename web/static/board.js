// The board you touch: the bot's own picture of the game, every point of it touchable (from the
// renderer's geometry), and the move panel's steps (fetched as JSON) lighting up what may be
// tapped next. A move is played through the same service call as /move. The page follows the game
// live through a WebSocket. Used by the page opened from a link (page.js, session cookie) and by
// the Discord Activity (activity.js, a session token kept in memory).

const ROOT = new URL("../", import.meta.url); // the pages' root, with any /.proxy prefix

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

class Refusal extends Error {
  constructor(text, status, stale) {
    super(text);
    this.status = status;
    this.stale = stale;
  }
}

export function startBoard({ gameId, token, main }) {
  const base = new URL(`game/${gameId}/`, ROOT);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const started = performance.now();
  let state = null; // the game as last fetched
  let step = null; // the step being picked (the player to move only)
  let chain = Promise.resolve(); // every fetch and change of the page, one after the other
  let queued = false; // a refresh is waiting in the chain already
  let ended = false; // the session ended: nothing more to fetch
  let shownUrl = null; // the blob URL of the picture shown
  const blobs = new Map(); // tile code -> blob URL

  // ----- the page's parts -------------------------------------------------------------------------
  const title = el("h1", { id: "title", text: "Pai Sho Bot" });
  const who = el("p", { id: "who", class: "who" });
  const status = el("p", { id: "status", class: "status", "aria-live": "polite" });
  const last = el("p", { id: "last", class: "last" });
  const picture = el("img", { id: "board", alt: "The board", draggable: "false" });
  const overlay = el("div", { id: "overlay", class: "overlay" });
  const frame = el("div", { id: "frame", class: "frame" }, picture, overlay);
  const prompt = el("p", { id: "prompt", class: "prompt", "aria-live": "polite" });
  const options = el("div", { id: "options", class: "options" });
  const back = el("button", { id: "back", class: "back", type: "button", text: "Back", onclick: () => choose(step && step.path, "") });
  const play = el("button", { id: "play", class: "play", type: "button", text: "Play it", onclick: () => serial(playIt) });
  const controls = el("div", { class: "controls" }, back, play);
  const note = el("p", { id: "note", class: "note", role: "alert" });
  const hand = el("section", { id: "hand", class: "hand", hidden: "" });
  const moves = el("ol", { id: "moves", class: "moves" });
  const history = el("details", { id: "history", class: "history" }, el("summary", { text: "Moves" }), moves);
  main.replaceChildren(el("header", {}, title, who, status, last), frame, prompt, options, controls, note, hand, history);
  back.hidden = true;
  play.hidden = true;

  // Everything that fetches or changes the page runs in turn, so a late answer never overwrites a
  // newer one; a tap made for a step that is no longer shown is dropped.
  let inflight = 0; // works in the chain; while any, main carries data-busy (the tests wait on it)
  function serial(work) {
    inflight += 1;
    main.dataset.busy = "1";
    const run = chain.then(work);
    chain = run.catch(() => {}).then(() => {
      inflight -= 1;
      if (inflight === 0) delete main.dataset.busy;
    });
    return run;
  }

  function choose(at, key) {
    return serial(() => {
      if (!step || step.path !== at) return null;
      return goNow(key ? at + key.toLowerCase() : at.slice(0, -1));
    });
  }

  // ----- talking to the bot -------------------------------------------------------------------------
  async function call(what, init = {}) {
    let answer;
    try {
      answer = await fetch(new URL(what, base), { ...init, headers: { ...headers, ...(init.headers || {}) }, credentials: "same-origin" });
    } catch {
      throw new Refusal("The bot cannot be reached just now; the page tries again when the game changes.", 0, false);
    }
    if (answer.ok) return answer;
    let said = {};
    try {
      said = await answer.json();
    } catch {
      said = {};
    }
    throw new Refusal(said.error || `The bot answered ${answer.status}.`, answer.status, Boolean(said.stale));
  }
  const json = async (what, init) => (await call(what, init)).json();
  const image = async (what) => URL.createObjectURL(await (await call(what)).blob());

  function tell(text) {
    note.textContent = text || "";
  }

  function failed(err) {
    if (err.status === 401) {
      ended = true;
      main.dataset.ended = "1";
      frame.classList.add("dead");
      options.replaceChildren();
      back.hidden = play.hidden = true;
      prompt.textContent = "";
    }
    tell(err.message);
    if (err.stale) refresh();
  }

  // ----- the picture and its touch targets ------------------------------------------------------
  async function show(what) {
    const url = await image(what);
    await new Promise((done) => {
      picture.onload = done;
      picture.onerror = done;
      picture.src = url;
    });
    if (shownUrl) URL.revokeObjectURL(shownUrl);
    shownUrl = url;
    if (!main.dataset.firstPaint) main.dataset.firstPaint = String(Math.round(performance.now() - started));
  }

  function place(node, x, y, geometry) {
    node.style.left = `${(100 * x) / geometry.width}%`;
    node.style.top = `${(100 * y) / geometry.height}%`;
  }

  function points() {
    const geometry = state.board.geometry;
    overlay.replaceChildren();
    if (!geometry) return;
    const size = `${(100 * geometry.spacing) / geometry.width}%`;
    for (const [name, [x, y]] of Object.entries(geometry.points)) {
      const point = el("button", { type: "button", class: `pt ${geometry.shape}`, "data-point": name, "aria-label": name, onclick: () => serial(() => touched(name)) });
      place(point, x, y, geometry);
      point.style.width = size;
      point.style.height = size;
      overlay.append(point);
    }
  }

  // A tap inside a region: the region, and the point tapped when it is one of the region's choices
  // (one tap where the panel takes two).
  function tappedIn(event, at, key) {
    const geometry = state.board.geometry;
    const box = overlay.getBoundingClientRect();
    const x = ((event.clientX - box.left) * geometry.width) / box.width;
    const y = ((event.clientY - box.top) * geometry.height) / box.height;
    let nearest = null;
    let best = geometry.spacing * 0.6;
    for (const [name, [px, py]] of Object.entries(geometry.points)) {
      const far = Math.hypot(px - x, py - y);
      if (far < best) [nearest, best] = [name, far];
    }
    return serial(() => (step && step.path === at ? goNow(at + key.toLowerCase(), nearest) : null));
  }

  function onBoard(option) {
    const geometry = state.board.geometry;
    return Boolean(geometry) && option.kind !== "group" && option.names.length > 0 && option.names.every((n) => n in geometry.points);
  }

  function marks() {
    for (const old of overlay.querySelectorAll(".mark, .area, .pt.picked")) {
      if (old.classList.contains("pt")) old.classList.remove("picked");
      else old.remove();
    }
    overlay.classList.toggle("picking", Boolean(step && !step.move));
    const geometry = state.board.geometry;
    if (!step || !geometry) return;
    for (const name of step.picked) overlay.querySelector(`[data-point="${name}"]`)?.classList.add("picked");
    if (step.move) return;
    const at = step.path;
    const taken = new Map();
    for (const option of step.options) {
      if (option.kind === "group" && option.area) {
        const [[x0, y0], [x1, y1]] = option.area.map(([f, r]) => [geometry.origin[0] + f * geometry.spacing, geometry.origin[1] - r * geometry.spacing]);
        const half = geometry.spacing / 2;
        const area = el("button", { type: "button", class: "area", "data-key": option.key, "aria-label": option.label, onclick: (event) => tappedIn(event, at, option.key) },
          el("span", { text: option.key }));
        place(area, Math.min(x0, x1) - half, Math.min(y0, y1) - half, geometry);
        area.style.width = `${(100 * (Math.abs(x1 - x0) + 2 * half)) / geometry.width}%`;
        area.style.height = `${(100 * (Math.abs(y1 - y0) + 2 * half)) / geometry.height}%`;
        overlay.append(area);
      } else if (onBoard(option)) {
        const name = option.names[0];
        const nth = taken.get(name) || 0;
        taken.set(name, nth + 1);
        const [x, y] = geometry.points[name];
        const mark = el("button", { type: "button", class: "mark", "data-key": option.key, "data-at": name, "aria-label": `${option.key}: ${option.label}`, onclick: () => serial(() => touched(name)) },
          el("span", { text: option.key }));
        place(mark, x + nth * geometry.spacing * 0.6, y, geometry);
        overlay.append(mark);
      }
    }
  }

  // ----- the options, the question, Back and Play it ---------------------------------------------------
  async function tileImage(code) {
    if (!blobs.has(code)) blobs.set(code, image(`tile/${encodeURIComponent(code)}.png`).catch(() => null));
    return blobs.get(code);
  }

  function listOptions(only = null) {
    options.replaceChildren();
    if (!step || step.move) return;
    const at = step.path;
    for (const option of step.options) {
      const button = el("button", { type: "button", class: `option ${option.kind}${only && only.includes(option.key) ? " here" : ""}`, "data-key": option.key, onclick: () => choose(at, option.key) },
        el("b", { text: option.key }), el("span", { text: option.label }));
      if (option.tile) {
        tileImage(option.tile).then((url) => {
          if (url) button.insertBefore(el("img", { src: url, alt: "", class: "tile" }), button.children[1]);
        });
      }
      options.append(button);
    }
  }

  function words() {
    if (!step) {
      prompt.textContent = "";
      back.hidden = play.hidden = true;
      return;
    }
    const parts = [];
    if (step.move) {
      const summary = step.chosen.map((c) => c.label).join(", ");
      parts.push(`Your move: ${step.move}${summary && summary !== step.move ? ` (${summary})` : ""}. Tap Play it to play it.`);
    } else {
      parts.push(step.prompt + (step.within ? ` (in ${step.within})` : ""));
      const summary = step.chosen.filter((c) => !c.auto || step.chosen.length === 1).map((c) => c.label).join(", ");
      if (summary) parts.push(`So far: ${summary}`);
    }
    prompt.textContent = parts.join(" · ");
    back.hidden = !step.path;
    play.hidden = !step.move;
  }

  async function goNow(path, thenAt = null) {
    if (ended || !state) return;
    tell("");
    try {
      step = await json(`step?v=${state.version}&path=${path}`);
      if (thenAt && !step.move) {
        const here = step.options.filter((o) => o.kind !== "group" && o.names[0] === thenAt);
        if (here.length === 1) step = await json(`step?v=${state.version}&path=${step.path}${here[0].key.toLowerCase()}`);
      }
      main.dataset.path = step.path;
      if (step.move) {
        await show(`preview.png?v=${state.version}&path=${step.path}`);
        picture.dataset.preview = "1";
      } else if (picture.dataset.version !== state.version || picture.dataset.preview) await showBoard();
      marks();
      listOptions();
      words();
    } catch (err) {
      failed(err);
    }
  }

  function touched(name) {
    if (!step || step.move) {
      if (state && !state.your_turn && !state.over) tell(state.you.seat === null ? "You are watching this game." : "It is not your turn yet.");
      return;
    }
    const here = step.options.filter((o) => onBoard(o) && o.names[0] === name);
    if (here.length === 1) return goNow(step.path + here[0].key.toLowerCase());
    if (here.length > 1) {
      listOptions(here.map((o) => o.key));
      tell(`${here.length} choices on ${name}: pick one below.`);
      return;
    }
    const [f, r] = [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
    const region = step.options.find((o) => o.kind === "group" && o.area && f >= Math.min(o.area[0][0], o.area[1][0]) && f <= Math.max(o.area[0][0], o.area[1][0]) && r >= Math.min(o.area[0][1], o.area[1][1]) && r <= Math.max(o.area[0][1], o.area[1][1]));
    if (region) return goNow(step.path + region.key.toLowerCase(), name);
    tell(`${name} is not one of the choices now: the choices are marked with letters.`);
  }

  async function playIt() {
    if (!step || !step.move || ended) return;
    play.disabled = true;
    try {
      const done = await json("play", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ v: state.version, path: step.path }) });
      tell(done.text);
      step = null;
      await load();
    } catch (err) {
      failed(err);
    } finally {
      play.disabled = false;
    }
  }

  // ----- the state of the game -----------------------------------------------------------------------
  async function showBoard() {
    await show(state.board.url);
    picture.dataset.version = state.version;
    delete picture.dataset.preview;
  }

  function header() {
    title.textContent = state.title;
    const mine = state.you.seat;
    who.textContent = mine === null ? `Watching as ${state.you.name}` : `You play ${state.players[mine].label}: ${state.you.name}`;
    status.textContent = state.your_turn ? `Your turn. ${state.status}` : state.status;
    last.textContent = state.last;
    moves.replaceChildren(...state.moves.map((m) => el("li", { text: `${m.name}: ${m.move}` })));
    history.querySelector("summary").textContent = `Moves (${state.moves.length})`;
    main.dataset.version = state.version;
    main.dataset.turn = state.your_turn ? "yours" : state.over ? "over" : "theirs";
  }

  async function showHand() {
    if (!state.hand) {
      hand.hidden = true;
      hand.replaceChildren();
      return;
    }
    hand.hidden = false;
    const img = el("img", { alt: "Your hand", class: "hand-picture" });
    hand.replaceChildren(el("h2", { text: "Your hand (only you see it)" }), el("p", { text: state.hand.note }), img);
    try {
      img.src = await image(state.hand.url);
    } catch (err) {
      tell(err.message);
    }
  }

  async function load() {
    const fresh = await json("state");
    const moved = !state || fresh.version !== state.version;
    state = fresh;
    header();
    if (moved || !picture.src) {
      if (step && !state.your_turn) step = null;
      if (!overlay.childElementCount || moved) points();
      await showBoard();
      showHand();
      if (state.your_turn) await goNow("");
      else {
        step = null;
        marks();
        listOptions();
        words();
      }
    }
    main.removeAttribute("aria-busy");
    main.dataset.ready = "1";
  }

  function refresh() {
    if (ended || queued) return chain;
    queued = true;
    return serial(async () => {
      queued = false;
      if (ended) return;
      try {
        await load();
      } catch (err) {
        failed(err);
      }
    });
  }

  // ----- live: the game changed -------------------------------------------------------------------
  let wait = 500;
  function follow() {
    if (ended) return;
    const url = new URL("live", base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socket.onopen = () => socket.send(JSON.stringify({ session: token }));
    socket.onmessage = (event) => {
      const said = JSON.parse(event.data);
      if (said.type === "hello") {
        wait = 500;
        main.dataset.live = "1";
        refresh(); // whatever happened while the socket was away
      } else if (said.type === "changed") refresh();
      else if (said.type === "refused") {
        tell(said.error);
        wait = 30000;
      }
    };
    socket.onclose = () => {
      delete main.dataset.live;
      setTimeout(follow, wait);
      wait = Math.min(wait * 2, 30000);
    };
  }

  refresh().then(follow);
}
