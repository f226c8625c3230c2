/**
 * Which kind of server this process is (docs/security.md). Development conveniences — the dev
 * SMS outbox, the built-in OTP secret, sign-in codes on the console, local billing that grants
 * paid plans without a payment, a session cookie without Secure — exist only in an explicit
 * development mode. Every other NODE_ENV (production, unset, `prod`, `staging`, …) is treated as
 * production: production's cookie and header settings, and a start refused while a setting that
 * production needs is missing.
 */

/** `npm start` turns this on when NODE_ENV is unset (the local demo) and says so in its log. */
export const LOCAL_DEMO_SWITCH = 'VOUCH_LOCAL_DEMO';

/** NODE_ENV=development or test, or the local demo switch (never together with NODE_ENV=production). */
export function isDevelopmentMode(env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') return true;
  return env.NODE_ENV !== 'production' && env[LOCAL_DEMO_SWITCH] === '1';
}

/**
 * A sentence per setting this environment lacks for a server outside development mode, each
 * naming its variable. The gateway and a standalone service collect these from every part they
 * run and refuse to start when there is any (refuseIncompleteConfig).
 */
export type ConfigCheck = (env: NodeJS.ProcessEnv) => string[];

/** The sentence naming a missing variable and why it matters. */
export function missingSetting(name: string, why: string): string {
  return `${name} is not set: ${why}`;
}

/** A start refused for its configuration: its message says everything (a stack trace adds nothing). */
export class IncompleteConfiguration extends Error {
  override name = 'IncompleteConfiguration';
}

/** Throws one IncompleteConfiguration listing every problem (nothing when there is none). */
export function refuseIncompleteConfig(env: NodeJS.ProcessEnv, problems: readonly string[]): void {
  if (problems.length === 0) return;
  const mode = env.NODE_ENV ? `NODE_ENV=${env.NODE_ENV}` : 'NODE_ENV unset';
  throw new IncompleteConfiguration(
    [
      `Vouch refuses to start (${mode} runs with production settings) because its configuration is incomplete:`,
      ...problems.map((problem) => `  - ${problem}`),
      'Set these (docs/configuration.md, docs/security.md). For a local development server use NODE_ENV=development.',
    ].join('\n'),
  );
}

/** The gateway's own requirements: the public address every absolute link is built from. */
export function publicUrlProblems(env: NodeJS.ProcessEnv): string[] {
  const raw = env.PUBLIC_URL?.trim();
  if (!raw) return [missingSetting('PUBLIC_URL', "the site's public address (https://…) for canonical links, sitemaps and payment return URLs; without it they would follow the request's Host header.")];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [`PUBLIC_URL is not an absolute URL (got "${raw}").`];
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? [] : [`PUBLIC_URL must be an http(s) URL (got "${raw}").`];
}

/** The local demo switch with NODE_ENV=production is a contradiction, refused rather than guessed. */
export function modeProblems(env: NodeJS.ProcessEnv): string[] {
  return env.NODE_ENV === 'production' && env[LOCAL_DEMO_SWITCH] === '1'
    ? [`${LOCAL_DEMO_SWITCH}=1 turns on development conveniences (the SMS outbox, console codes, free paid plans) and cannot be used with NODE_ENV=production.`]
    : [];
}
