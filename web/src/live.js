// The live stream of the channel's games (server-sent events). EventSource reconnects by itself
// after a network error; when the server refuses outright (readyState CLOSED: a proxy's 502 while
// the bot restarts, or a session the bot no longer accepts) we open a new one after a pause, unless
// `shouldRetry` says the session is gone. Every reconnect calls `onReconnect` so the page refetches
// what it shows: whatever happened while the stream was down is caught up from the bot's store.

export function openLive(session, { onGames, onGame, onConn, onReconnect, shouldRetry }) {
  let es = null;
  let opened = false;
  let retry = null;

  const start = () => {
    es = new EventSource('api/events?session=' + encodeURIComponent(session));
    es.addEventListener('open', () => {
      onConn('live');
      if (opened) onReconnect();
      opened = true;
    });
    es.addEventListener('error', () => {
      onConn('reconnecting');
      if (es.readyState === EventSource.CLOSED && !retry) {
        retry = setTimeout(async () => {
          retry = null;
          if (await shouldRetry()) start();
        }, 2000);
      }
    });
    es.addEventListener('games', (e) => parsed(e, onGames));
    es.addEventListener('game', (e) => parsed(e, onGame));
  };
  start();
  return () => {
    clearTimeout(retry);
    es.close();
  };
}

/** Hands the event's JSON to `fn`; a garbled event is dropped (the next refetch repairs the view). */
function parsed(e, fn) {
  let data;
  try {
    data = JSON.parse(e.data);
  } catch {
    return;
  }
  fn(data);
}
