// Text and push configuration, read from the environment (docs/configuration.md, docs/deployment.md).
// Texts go through Twilio Programmable Messaging (a sender: a Messaging Service or a number), or in
// development mode to the dev SMS outbox; TEXTS=off turns them off on purpose. FCM (ios, android)
// and Web Push (web) are two push channels, each on when its settings are complete; PUSH=off turns
// both off on purpose. Outside development mode a server must have each channel or say it is off:
// a notification never silently pretends to go out (docs/security.md).
import fs from 'node:fs';
import { isDevelopmentMode, missingSetting, type ConfigCheck } from '@vouch/service-core';
import type { DevicePlatform } from '@vouch/contracts';

/** A Google service account: a JSON key file's path, or its three fields. */
export type FcmCredentials = { file: string } | { projectId: string; clientEmail: string; privateKey: string };

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushConfig {
  fcm: FcmCredentials | null;
  webPush: VapidDetails | null;
  /** Hosts a browser subscription's endpoint may be on (the worker POSTs there: nowhere else). */
  webPushHosts: string[];
  /** Sentences for settings given in part or wrongly (the channel stays off). */
  problems: string[];
}

const FCM_FIELDS = ['FCM_PROJECT_ID', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY'] as const;
const VAPID_FIELDS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

function readFcm(env: NodeJS.ProcessEnv, problems: string[]): FcmCredentials | null {
  const file = setting(env, 'FCM_CREDENTIALS_FILE');
  if (file) {
    if (!fs.existsSync(file)) {
      problems.push(`FCM_CREDENTIALS_FILE names no readable file (got "${file}"): it must be the Firebase service account's JSON key.`);
      return null;
    }
    return { file };
  }
  const given = FCM_FIELDS.filter((name) => setting(env, name));
  if (given.length === 0) return null;
  if (given.length < FCM_FIELDS.length) {
    for (const name of FCM_FIELDS.filter((field) => !given.includes(field))) problems.push(missingSetting(name, `FCM push (ios, android) needs all of ${FCM_FIELDS.join(', ')} (or FCM_CREDENTIALS_FILE).`));
    return null;
  }
  // A key pasted into one line of an env file keeps its newlines as "\n".
  return { projectId: setting(env, 'FCM_PROJECT_ID')!, clientEmail: setting(env, 'FCM_CLIENT_EMAIL')!, privateKey: setting(env, 'FCM_PRIVATE_KEY')!.replace(/\\n/g, '\n') };
}

function readVapid(env: NodeJS.ProcessEnv, problems: string[]): VapidDetails | null {
  const given = VAPID_FIELDS.filter((name) => setting(env, name));
  if (given.length === 0) return null;
  if (given.length < VAPID_FIELDS.length) {
    for (const name of VAPID_FIELDS.filter((field) => !given.includes(field))) problems.push(missingSetting(name, `Web Push needs all of ${VAPID_FIELDS.join(', ')} (npx web-push generate-vapid-keys makes a pair).`));
    return null;
  }
  const subject = setting(env, 'VAPID_SUBJECT')!;
  if (!/^(mailto:|https:\/\/)/.test(subject)) {
    problems.push(`VAPID_SUBJECT must be a mailto: or https: URL where the push services can reach you (got "${subject}").`);
    return null;
  }
  return { subject, publicKey: setting(env, 'VAPID_PUBLIC_KEY')!, privateKey: setting(env, 'VAPID_PRIVATE_KEY')! };
}

/**
 * The browsers' push services (Chrome and Edge: FCM; Firefox: Mozilla; Safari: Apple; legacy Edge:
 * WNS), each with its subdomains. WEB_PUSH_HOSTS adds others (comma-separated).
 */
export const WEB_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export function readPushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const mode = setting(env, 'PUSH');
  const webPushHosts = [...WEB_PUSH_HOSTS, ...(setting(env, 'WEB_PUSH_HOSTS') ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean)];
  if (mode === 'off') return { fcm: null, webPush: null, webPushHosts, problems: [] };
  const problems: string[] = mode === undefined || mode === 'on' ? [] : [`PUSH must be "on" or "off" (got "${mode}").`];
  return { fcm: readFcm(env, problems), webPush: readVapid(env, problems), webPushHosts, problems };
}

/** Whether a subscription endpoint is on one of the push services (or a subdomain of one). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** Which platforms this configuration can deliver to. */
export function pushPlatforms(config: PushConfig): DevicePlatform[] {
  return [...(config.fcm ? (['ios', 'android'] as const) : []), ...(config.webPush ? (['web'] as const) : [])];
}

/** One line for the log: which channels are on, and why not when none is. */
export function describePush(config: PushConfig, env: NodeJS.ProcessEnv): string {
  if (setting(env, 'PUSH') === 'off') return 'push notifications are off (PUSH=off)';
  const on = [config.fcm && 'FCM (ios, android)', config.webPush && 'Web Push (web)'].filter(Boolean);
  return on.length ? `push notifications on: ${on.join(', ')}` : 'push notifications are off: no FCM_* or VAPID_* settings';
}

/** How texts go out: Twilio Messaging, the development outbox, or not at all (TEXTS=off). */
export type TextConfig =
  | { channel: 'twilio'; accountSid: string; authToken: string; sender: { messagingServiceSid: string } | { from: string } }
  | { channel: 'dev-outbox' }
  | { channel: 'off'; why: string };

export function readTextConfig(env: NodeJS.ProcessEnv): TextConfig {
  if (setting(env, 'TEXTS') === 'off') return { channel: 'off', why: 'TEXTS=off' };
  const accountSid = setting(env, 'TWILIO_ACCOUNT_SID');
  const authToken = setting(env, 'TWILIO_AUTH_TOKEN');
  const messagingServiceSid = setting(env, 'TWILIO_MESSAGING_SERVICE_SID');
  const from = setting(env, 'TWILIO_FROM_NUMBER');
  if (accountSid && authToken && (messagingServiceSid || from)) {
    return { channel: 'twilio', accountSid, authToken, sender: messagingServiceSid ? { messagingServiceSid } : { from: from! } };
  }
  if (isDevelopmentMode(env)) return { channel: 'dev-outbox' };
  return { channel: 'off', why: 'no Twilio Messaging sender' };
}

/** One line for the log: where texts go. */
export function describeTexts(config: TextConfig): string {
  if (config.channel === 'twilio') return `texts on: Twilio Messaging (${'messagingServiceSid' in config.sender ? 'Messaging Service' : 'from number'})`;
  if (config.channel === 'dev-outbox') return 'texts go to the dev SMS outbox (development mode; GET /api/dev/sms-outbox)';
  return `texts are off (${config.why})`;
}

/**
 * Outside development mode a text sender is required unless TEXTS=off: without one, the members
 * who chose texts would never get one, and nothing would say so.
 */
export const textConfigProblems: ConfigCheck = (env) => {
  const texts = setting(env, 'TEXTS');
  if (texts !== undefined && texts !== 'off' && texts !== 'on') return [`TEXTS must be "on" or "off" (got "${texts}").`];
  if (isDevelopmentMode(env) || readTextConfig(env).channel !== 'off' || texts === 'off') return [];
  const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'].filter((name) => !setting(env, name));
  const why = 'texts to members (a vouch, an ask, an introduction) go through Twilio Programmable Messaging; set TEXTS=off to run without texts.';
  return [
    ...missing.map((name) => missingSetting(name, why)),
    ...(setting(env, 'TWILIO_MESSAGING_SERVICE_SID') || setting(env, 'TWILIO_FROM_NUMBER') ? [] : [missingSetting('TWILIO_MESSAGING_SERVICE_SID', `(or TWILIO_FROM_NUMBER) the sender of ${why}`)]),
  ];
};

/** Every setting the notifications service needs outside development mode: texts and push. */
export const notificationsConfigProblems: ConfigCheck = (env) => [...textConfigProblems(env), ...pushConfigProblems(env)];

/**
 * Outside development mode: settings given in part are refused, and so is no push setting at all
 * without PUSH=off (a server must not take device registrations it will never deliver to unasked).
 */
export const pushConfigProblems: ConfigCheck = (env) => {
  const config = readPushConfig(env);
  if (config.problems.length > 0) return config.problems;
  if (setting(env, 'PUSH') === 'off' || config.fcm || config.webPush) return [];
  return [missingSetting('PUSH', 'push notifications need FCM_CREDENTIALS_FILE (or FCM_PROJECT_ID, FCM_CLIENT_EMAIL, FCM_PRIVATE_KEY) for ios and android and/or VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT for web; or set PUSH=off to run without push.')];
};
