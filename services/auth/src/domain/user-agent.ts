/**
 * "Chrome on macOS": the browser or app and the system a session signed in from, as the
 * sessions list shows it (GitHub's session settings show the same). Read from the User-Agent
 * the session signed in with; only the well-known names are told apart, the rest is
 * "Unknown browser". A client can write any User-Agent: the list describes, it does not prove.
 */
const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** Apps (the mobile clients, HTTP libraries) say who they are in the first word. */
const APPS: readonly [RegExp, string][] = [
  [/^Vouch\b/i, 'Vouch app'],
  [/^(okhttp|Dalvik)\b/i, 'Android app'],
  [/^(CFNetwork|Darwin)\b/, 'iOS app'],
  [/^(curl|Wget|python-requests|node-fetch|undici|axios|PostmanRuntime)\b/i, 'Script or tool'],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'Unknown browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const app = APPS.find(([pattern]) => pattern.test(ua))?.[1];
  if (app) return system ? `${app} on ${system}` : app;
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  return system ? `Unknown browser on ${system}` : 'Unknown browser';
}
