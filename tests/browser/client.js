// The fake Discord client: hosts the Activity in an iframe and answers the Embedded App SDK's
// postMessage protocol (shared/specs/activity.md) the way Discord does, zod traps included.
// Its settings come in the URL's fragment as JSON (see driver.mjs); what it saw is kept in
// `window.__fake` for the driver: commands in order, captured console lines, closes.
(() => {
  const cfg = JSON.parse(decodeURIComponent(location.hash.slice(1)));
  const activity = new URL(cfg.activity);
  const frameId = 'frame-' + Math.random().toString(36).slice(2);
  const fake = { commands: [], captured: [], closes: [], handshake: null, authenticated: false, subscriptions: [] };
  window.__fake = fake;

  const params = new URLSearchParams({
    frame_id: frameId,
    instance_id: cfg.instance_id,
    platform: cfg.platform || 'desktop',
    channel_id: cfg.channel_id,
  });
  if (cfg.guild_id) params.set('guild_id', cfg.guild_id);
  if (cfg.custom_id) params.set('custom_id', cfg.custom_id);
  const iframe = document.createElement('iframe');
  iframe.src = `${activity.origin}${activity.pathname.replace(/\/?$/, '/')}?${params}`;
  iframe.allow = 'autoplay; clipboard-write';
  document.body.append(iframe);

  const post = (msg) => iframe.contentWindow.postMessage(msg, activity.origin);
  const answer = (cmd, nonce, data) => post([1, { cmd, evt: null, nonce, data }]);
  const error = (cmd, nonce, code, message) => post([1, { cmd, evt: 'ERROR', nonce, data: { code, message } }]);
  const dispatch = (evt, data) => post([1, { cmd: 'DISPATCH', evt, nonce: null, data }]);

  // `flags` and `bot` are required by the SDK's schema; `avatar` is left out (null fails it).
  const participant = (p) => ({ id: p.id, username: p.username, discriminator: '0', global_name: p.global_name ?? p.username, flags: 0, bot: false });

  fake.setParticipants = (list) => {
    cfg.participants = list;
    if (fake.subscriptions.includes('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE')) {
      dispatch('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', { participants: list.map(participant) });
    }
  };

  async function authenticate(nonce, args) {
    const token = args && args.access_token;
    let res;
    try {
      res = await fetch(`${cfg.fake_api}/users/@me`, { headers: { Authorization: `Bearer ${token}` } });
    } catch (e) {
      return error('AUTHENTICATE', nonce, 1000, 'Discord API unreachable: ' + e.message);
    }
    if (res.status === 401) return error('AUTHENTICATE', nonce, 4009, 'Invalid token');
    if (!res.ok) return error('AUTHENTICATE', nonce, 1000, 'Discord API answered ' + res.status);
    const u = await res.json();
    fake.authenticated = true;
    answer('AUTHENTICATE', nonce, {
      access_token: token,
      user: { username: u.username, discriminator: u.discriminator ?? '0', id: u.id, avatar: u.avatar ?? null, public_flags: u.public_flags ?? 0, global_name: u.global_name ?? null },
      scopes: ['identify'],
      expires: new Date(Date.now() + 7 * 86400e3).toISOString(),
      application: { description: '', icon: null, id: fake.handshake?.client_id ?? '0', rpc_origins: [], name: 'oaq-bot' },
    });
  }

  function command({ cmd, args, nonce, evt }) {
    fake.commands.push({ cmd, evt: evt ?? null, authenticated: fake.authenticated, at: Math.round(performance.now()) });
    switch (cmd) {
      case 'AUTHORIZE':
        if (cfg.authorize_error) return error(cmd, nonce, 5000, 'The user refused');
        return answer(cmd, nonce, { code: cfg.code });
      case 'AUTHENTICATE':
        return authenticate(nonce, args);
      case 'GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS':
        return answer(cmd, nonce, { participants: (cfg.participants || []).map(participant) });
      case 'SUBSCRIBE':
        if (!fake.subscriptions.includes(evt)) fake.subscriptions.push(evt);
        return answer(cmd, nonce, { evt });
      case 'UNSUBSCRIBE':
        fake.subscriptions = fake.subscriptions.filter((e) => e !== evt);
        return answer(cmd, nonce, { evt });
      case 'USER_SETTINGS_GET_LOCALE':
        return answer(cmd, nonce, { locale: cfg.locale || 'en-US' });
      case 'CAPTURE_LOG':
        fake.captured.push({ level: args?.level, message: args?.message });
        return answer(cmd, nonce, null);
      case 'SET_ACTIVITY':
        return answer(cmd, nonce, { name: 'oaq-bot', type: 0, ...(args?.activity || {}) });
      case 'GET_PLATFORM_BEHAVIORS':
        return answer(cmd, nonce, {});
      case 'SET_ORIENTATION_LOCK_STATE':
      case 'OPEN_INVITE_DIALOG':
        return answer(cmd, nonce, null);
      case 'ENCOURAGE_HW_ACCELERATION':
        return answer(cmd, nonce, { enabled: true });
      default:
        return error(cmd, nonce, 4002, `Invalid command: ${cmd}`);
    }
  }

  window.addEventListener('message', (e) => {
    if (e.source !== iframe.contentWindow || !Array.isArray(e.data)) return;
    const [op, payload] = e.data;
    if (op === 0) {
      fake.handshake = payload;
      fake.commands.push({ cmd: 'HANDSHAKE', evt: null, authenticated: false, at: Math.round(performance.now()) });
      return dispatch('READY', {
        v: 1,
        config: { cdn_host: 'cdn.discordapp.com', api_endpoint: '//discord.com/api', environment: 'production' },
        user: { id: cfg.user.id, username: cfg.user.username, discriminator: '0' },
      });
    }
    if (op === 1) return command(payload);
    if (op === 2) fake.closes.push(payload);
  });
})();
