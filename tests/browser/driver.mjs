// Headless Chromium driver for the Activity's end-to-end tests.
// One JSON command per line on stdin, exactly one JSON reply per line on stdout (see README.md).
// The fake Discord client page lives at http://localhost:3333/ — the only non-Discord origin the
// SDK accepts messages from — and is served from this folder through Chromium's Fetch domain, so
// no port is bound and several drivers can run side by side.

import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const CLIENT_ORIGIN = 'http://localhost:3333';
const HERE = new URL('.', import.meta.url);
const CLIENT_FILES = {
  '/': ['client.html', 'text/html; charset=utf-8'],
  '/client.html': ['client.html', 'text/html; charset=utf-8'],
  '/client.js': ['client.js', 'text/javascript; charset=utf-8'],
};
const DEFAULT_TIMEOUT = 15000;

let browser = null;
const contexts = new Map(); // name → BrowserContext
const pages = new Map(); // name → {page, context, cfg, console: []}

async function getBrowser() {
  if (!browser) {
    browser = await puppeteer.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox', // CI runs as root
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--hide-scrollbars',
        '--mute-audio',
        // The client page is fulfilled by the driver, so Chromium cannot tell it is on loopback and
        // would block its iframe and its fetches to the 127.0.0.1 servers under test.
        '--disable-features=LocalNetworkAccessChecks',
      ],
      defaultViewport: { width: 900, height: 1000 },
    });
  }
  return browser;
}

async function getContext(name) {
  if (!contexts.has(name)) {
    const b = await getBrowser();
    contexts.set(name, name === 'default' ? b.defaultBrowserContext() : await b.createBrowserContext());
  }
  return contexts.get(name);
}

/** Serves the fake client page at http://localhost:3333 to this page (and nothing else). */
async function serveClient(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: CLIENT_ORIGIN + '/*', requestStage: 'Request' }] });
  cdp.on('Fetch.requestPaused', async ({ requestId, request }) => {
    const path = new URL(request.url).pathname;
    const file = CLIENT_FILES[path];
    const body = file ? readFileSync(new URL(file[0], HERE)) : Buffer.from('not found');
    await cdp.send('Fetch.fulfillRequest', {
      requestId,
      responseCode: file ? 200 : 404,
      responseHeaders: [{ name: 'Content-Type', value: file ? file[1] : 'text/plain' }, { name: 'Cache-Control', value: 'no-store' }],
      body: body.toString('base64'),
    }).catch(() => {});
  });
}

function entry(name) {
  const p = pages.get(name);
  if (!p) throw new Error(`no page named ${JSON.stringify(name)}`);
  return p;
}

/** The Activity's frame of a page. */
function frame(name) {
  const p = entry(name);
  const origin = new URL(p.cfg.activity).origin;
  const f = p.page.frames().find((fr) => fr.url().startsWith(origin));
  if (!f) throw new Error(`the Activity frame of ${name} is not loaded`);
  return f;
}

const STATE_JS = () => {
  const g = document.querySelector('[data-game]');
  const num = (s) => (s === '' || s == null ? null : Number(s));
  return {
    view: g ? 'game' : document.querySelector('[data-lobby]') ? 'lobby' : 'loading',
    game: g ? g.dataset.game : null,
    id: g ? g.dataset.id : null,
    ply: g ? num(g.dataset.ply) : null,
    to_move: g ? num(g.dataset.toMove) : null,
    you: g ? num(g.dataset.you) : null,
    finished: g ? g.dataset.finished === 'true' : null,
    busy: g ? 'busy' in g.dataset : false,
    animating: !!document.querySelector('[data-animating]'),
    status: g ? g.querySelector('.status')?.textContent ?? '' : '',
    result: g ? g.querySelector('.result')?.textContent ?? '' : '',
    error: document.querySelector('[data-error]')?.textContent ?? '',
    error_seq: Number(document.querySelector('[data-error]')?.dataset.seq || 0),
    conn: document.querySelector('[data-conn]')?.dataset.conn ?? null,
    splash: document.querySelector('.splash')?.textContent ?? null,
  };
};

const state = (name) => frame(name).evaluate(STATE_JS);

async function centre(f, selector) {
  const el = await f.$(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  await el.scrollIntoView();
  const box = await el.boundingBox();
  if (!box) throw new Error(`${selector} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

const sqSel = (sq) => `[data-sq="${sq}"]`;

/** Waits until a move sent by the page is settled: a new ply, or a new refusal shown. */
async function settled(name, before, timeout) {
  const f = frame(name);
  try {
    await f.waitForFunction(
      (ply, seq) => {
        const g = document.querySelector('[data-game]');
        const err = document.querySelector('[data-error]');
        if (!g) return false;
        return Number(g.dataset.ply) > ply || (!('busy' in g.dataset) && Number(err?.dataset.seq || 0) > seq);
      },
      { timeout, polling: 'raf' },
      before.ply,
      before.error_seq,
    );
  } catch {
    // Nothing happened: reported below as not played.
  }
  const after = await state(name);
  if (after.ply > before.ply) return { ok: true, state: after };
  return { ok: false, error: after.error_seq > before.error_seq ? `refused: ${after.error}` : 'the move was not played', state: after };
}

async function drag(c) {
  const { page } = entry(c.page);
  const f = frame(c.page);
  const before = await state(c.page);
  if (before.view !== 'game') throw new Error('no game is open');
  const from = await centre(f, sqSel(c.from));
  let to;
  if (c.dir) {
    // Ô ăn quan: towards the next square of the ring in that direction, wherever it is drawn.
    const i = Number(c.from);
    to = await centre(f, sqSel(String((i + (c.dir === '+' ? 1 : 11)) % 12)));
  } else to = await centre(f, sqSel(c.to));
  const steps = c.steps || 12;
  // A finger (`"pointer": "touch"`) or the mouse: both reach the page as pointer events.
  const touch = c.pointer === 'touch';
  if (touch) await page.touchscreen.touchStart(from.x, from.y);
  else {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
  }
  for (let k = 1; k <= steps; k++) {
    const x = from.x + ((to.x - from.x) * k) / steps;
    const y = from.y + ((to.y - from.y) * k) / steps;
    await (touch ? page.touchscreen.touchMove(x, y) : page.mouse.move(x, y));
    await new Promise((r) => setTimeout(r, 8));
  }
  if (c.hover_screenshot) {
    // The picture while the piece hangs over its destination (highlights, hop chain).
    await new Promise((r) => setTimeout(r, 50));
    await page.screenshot({ path: c.hover_screenshot });
  }
  await (touch ? page.touchscreen.touchEnd() : page.mouse.up());
  if (c.promote != null) {
    // The page asks only when both the promotion and its refusal are legal.
    const asked = await f.waitForSelector('[data-promote]', { timeout: 2000 }).catch(() => null);
    if (asked) await (await f.$(`[data-promote="${c.promote ? 'yes' : 'no'}"]`)).click();
    else {
      const r = await settled(c.page, before, 1000);
      return r.ok ? { ...r, asked: false } : { ...r, error: 'no promotion question: ' + r.error };
    }
  }
  return settled(c.page, before, c.timeout_ms || 5000);
}

const COMMANDS = {
  async open(c) {
    if (pages.has(c.page)) throw new Error(`page ${c.page} is already open`);
    const context = await getContext(c.context || 'default');
    const page = await context.newPage();
    const cfg = {
      activity: c.activity,
      instance_id: c.instance_id,
      channel_id: c.channel_id,
      guild_id: c.guild_id ?? null,
      platform: c.platform || 'desktop',
      user: c.user,
      code: c.code,
      fake_api: c.fake_api,
      participants: c.participants || [],
      locale: c.locale || 'en-US',
      custom_id: c.custom_id ?? null,
    };
    const rec = { page, context, cfg, console: [] };
    pages.set(c.page, rec);
    page.on('console', (m) => rec.console.push({ type: m.type(), text: m.text(), frame: m.location()?.url ?? '' }));
    page.on('pageerror', (e) => rec.console.push({ type: 'pageerror', text: String(e) }));
    // The page's session, as its event stream carries it (for `fetch` with "session": true).
    page.on('request', (r) => {
      const m = /\/api\/events\?session=([^&]+)/.exec(r.url());
      if (m) rec.session = decodeURIComponent(m[1]);
    });
    if (c.viewport) await page.setViewport(c.viewport);
    await serveClient(page);
    await page.goto(`${CLIENT_ORIGIN}/client.html#${encodeURIComponent(JSON.stringify(cfg))}`);
    const timeout = c.timeout_ms || DEFAULT_TIMEOUT;
    const deadline = Date.now() + timeout;
    let f = null;
    while (!f && Date.now() < deadline) {
      try {
        f = frame(c.page);
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (!f) throw new Error('the Activity frame never loaded');
    // The lobby (or, launched with a custom_id, that game) with a live event stream, or a
    // sign-in failure on the splash.
    const want = cfg.custom_id ? `[data-game][data-id="${cfg.custom_id}"]` : '[data-lobby]';
    try {
      await f.waitForFunction(
        (sel) => document.querySelector('.splash.failed') || (document.querySelector(sel) && document.querySelector('[data-conn="live"]')),
        { timeout: Math.max(1, deadline - Date.now()), polling: 50 },
        want,
      );
    } catch {
      // reported below
    }
    const s = await state(c.page).catch(() => ({}));
    if (s.view !== (cfg.custom_id ? 'game' : 'lobby') || s.conn !== 'live') {
      throw Object.assign(new Error(`no session: ${s.splash || s.error || 'the lobby never showed'}`), { state: s });
    }
    return { state: s };
  },

  async open_game(c) {
    const f = frame(c.page);
    const sel = `[data-open-game="${c.id}"]`;
    const back = await f.$('[data-action="back"]');
    if (back) await back.click();
    await f.waitForSelector(sel, { timeout: c.timeout_ms || DEFAULT_TIMEOUT });
    await (await f.$(sel)).click();
    await f.waitForSelector(`[data-game][data-id="${c.id}"]`, { timeout: c.timeout_ms || DEFAULT_TIMEOUT });
    return { state: await state(c.page) };
  },

  async state(c) {
    return { state: await state(c.page) };
  },

  async wait(c) {
    const f = frame(c.page);
    try {
      await f.waitForFunction(
        (ply, finished) => {
          const g = document.querySelector('[data-game]');
          if (!g) return false;
          if (finished) return g.dataset.finished === 'true';
          return Number(g.dataset.ply) >= ply;
        },
        { timeout: c.timeout_ms || DEFAULT_TIMEOUT, polling: 'raf' },
        c.ply ?? 0,
        !!c.finished,
      );
    } catch {
      const s = await state(c.page);
      throw Object.assign(new Error(`timed out waiting for ${c.finished ? 'the end' : 'ply ' + c.ply} (ply ${s.ply})`), { state: s });
    }
    return { state: await state(c.page) };
  },

  drag,

  async tap(c) {
    const { page } = entry(c.page);
    const f = frame(c.page);
    const p = await centre(f, c.selector);
    await page.mouse.click(p.x, p.y);
    if (c.wait_for) await f.waitForSelector(c.wait_for, { timeout: c.timeout_ms || DEFAULT_TIMEOUT });
    return { state: await state(c.page) };
  },

  async key(c) {
    const { page } = entry(c.page);
    const f = frame(c.page);
    if (c.focus) await f.focus(sqSel(c.focus));
    else {
      await f.evaluate(() => {
        if (!document.activeElement || document.activeElement === document.body) {
          document.querySelector('[data-game] [tabindex="0"], [data-game] [data-sq]')?.focus();
        }
      });
    }
    const before = await state(c.page);
    for (const k of c.keys) {
      await page.keyboard.press(k);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (c.wait_move) return settled(c.page, before, c.timeout_ms || 5000);
    const focused = await f.evaluate(() => document.activeElement?.dataset?.sq ?? document.activeElement?.dataset?.dir ?? null);
    return { focused, state: await state(c.page) };
  },

  async resign(c) {
    const f = frame(c.page);
    await (await f.waitForSelector('[data-action="resign"]', { timeout: 5000 })).click();
    await (await f.waitForSelector('[data-action="confirm-resign"]', { timeout: 5000 })).click();
    await f.waitForSelector('[data-game][data-finished="true"]', { timeout: c.timeout_ms || DEFAULT_TIMEOUT });
    return { state: await state(c.page) };
  },

  async screenshot(c) {
    await entry(c.page).page.screenshot({ path: c.path, fullPage: !!c.full_page });
    return { path: c.path };
  },

  async sdk_log(c) {
    const rec = entry(c.page);
    const fake = await rec.page.evaluate(() => ({
      commands: window.__fake.commands,
      captured: window.__fake.captured,
      closes: window.__fake.closes,
      handshake: window.__fake.handshake,
      subscriptions: window.__fake.subscriptions,
    }));
    return { ...fake, console: rec.console };
  },

  async participants(c) {
    await entry(c.page).page.evaluate((list) => window.__fake.setParticipants(list), c.participants);
    return {};
  },

  async fetch(c) {
    const rec = entry(c.page);
    const f = frame(c.page);
    const session = c.session ?? true;
    if (session === true && !rec.session) throw new Error(`page ${c.page} has no session yet`);
    return f.evaluate(
      async ({ method, path, body, token }) => {
        const headers = {};
        if (token) headers.Authorization = 'Bearer ' + token;
        let payload;
        if (body !== undefined && body !== null) {
          headers['Content-Type'] = 'application/json';
          payload = typeof body === 'string' ? body : JSON.stringify(body);
        }
        const res = await fetch(new URL(path.replace(/^\//, ''), location.origin + location.pathname), { method: method || 'GET', headers, body: payload });
        const text = await res.text();
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON: `text` has it
        }
        return { status: res.status, body: json, text: json ? undefined : text };
      },
      { method: c.method, path: c.path, body: c.body, token: session === true ? rec.session : session || null },
    );
  },

  async timing(c) {
    const f = frame(c.page);
    return f.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const res = performance.getEntriesByType('resource').filter((e) => /\/app\.(js|css)$/.test(e.name));
      return {
        navigation: nav && { response_end: nav.responseEnd, dom_interactive: nav.domInteractive, dom_content_loaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, transfer_size: nav.transferSize },
        first_contentful_paint: paint ? paint.startTime : null,
        lobby_ready: mark('lobby-ready'),
        game_requested: mark('game-requested'),
        board_ready: mark('board-ready'),
        resources: res.map((e) => ({ name: e.name.split('/').pop(), transfer_size: e.transferSize, encoded_size: e.encodedBodySize, decoded_size: e.decodedBodySize, duration: e.duration })),
      };
    });
  },

  async close(c) {
    const rec = entry(c.page);
    pages.delete(c.page);
    await rec.page.close();
    return {};
  },

  async quit() {
    if (browser) await browser.close();
    browser = null;
    return {};
  },
};

const reply = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
let queue = Promise.resolve();
rl.on('line', (line) => {
  if (!line.trim()) return;
  queue = queue.then(async () => {
    let c;
    try {
      c = JSON.parse(line);
    } catch (e) {
      return reply({ ok: false, error: 'not JSON: ' + e.message });
    }
    const id = c.id !== undefined ? { id: c.id } : {};
    const fn = COMMANDS[c.cmd];
    if (!fn) return reply({ ok: false, ...id, error: `unknown command ${JSON.stringify(c.cmd)}` });
    try {
      const r = await fn(c);
      if (r && r.ok === false) reply({ ...id, ...r });
      else reply({ ok: true, ...id, ...r });
    } catch (e) {
      reply({ ok: false, ...id, error: e.message || String(e), ...(e.state ? { state: e.state } : {}) });
    }
    if (c.cmd === 'quit') process.exit(0);
  });
});
rl.on('close', () => {
  queue.then(async () => {
    if (browser) await browser.close().catch(() => {});
    process.exit(0);
  });
});
