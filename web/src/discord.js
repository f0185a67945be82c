// Sign-in through Discord's Embedded App SDK: handshake, OAuth2 code, token exchange by the bot,
// then a page session bound to this user, activity instance and channel.
import { DiscordSDK, Events } from '@discord/embedded-app-sdk';
import { api, setSession } from './api.js';

/** Runs the whole sign-in; `onStep(key)` reports progress ('connecting', 'signingIn').
 *  Resolves to {sdk, clientId, session, user, channel_id, guild_id, locale, expires_at}. */
export async function signIn(onStep) {
  onStep('connecting');
  const { client_id: clientId } = await api('GET', 'config');
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  onStep('signingIn');
  return { sdk, clientId, ...(await openSession(sdk, clientId)) };
}

/** Discord's OAuth2 code → the bot's token exchange → a page session (also used to renew it:
 *  with `prompt: 'none'` an app the user already allowed is authorized again without a dialog). */
export async function openSession(sdk, clientId) {
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const { access_token: accessToken } = await api('POST', 'token', { code });
  await sdk.commands.authenticate({ access_token: accessToken });
  let locale = 'en';
  try {
    locale = (await sdk.commands.userSettingsGetLocale()).locale || 'en';
  } catch {
    // Older clients do not know the command: English it is.
  }
  const s = await api('POST', 'session', {
    access_token: accessToken,
    instance_id: sdk.instanceId,
    locale,
  });
  setSession(s.session);
  return s;
}

/** Calls `onChange(participants)` with the instance's connected participants now and on every change. */
export function watchParticipants(sdk, onChange) {
  const pick = (r) => onChange((r && r.participants) || []);
  sdk.commands.getInstanceConnectedParticipants().then(pick, () => onChange([]));
  sdk.subscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, pick).catch(() => {});
}
