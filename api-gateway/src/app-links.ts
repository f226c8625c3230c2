// Links that open the app (issue 29): iOS universal links read /.well-known/apple-app-site-association,
// Android App Links /.well-known/assetlinks.json. Both come from configuration and cover the pages a
// member is sent to: a vouch link (/vouch/…), a profile (/profile/…), My Vouches (the vouches a member
// sent and the asks: notifications link there) and the Introduction Requests page the introduction
// texts point to. Without configuration both answer 404. Android's statement names no paths (the
// app's intent filters list these same ones).
import { Router, type Response } from 'express';
import { problems } from '@vouch/service-core';

/**
 * The paths the apps open: the vouch link, profiles, My Vouches and introduction requests (every
 * notification's link falls under one: @vouch/contracts notificationLinks).
 */
export const APP_LINK_PATHS = ['/vouch/*', '/profile/*', '/my-vouches', '/my-vouches/*', '/introduction-requests', '/introduction-requests/*'] as const;

export interface AppLinksConfig {
  /** IOS_APP_IDS: "TEAMID.bundle.id", comma-separated. */
  iosAppIds: string[];
  /** ANDROID_APP_PACKAGE and ANDROID_APP_SHA256_FINGERPRINTS (signing certificates, comma-separated). */
  android: { packageName: string; fingerprints: string[] } | null;
}

const list = (raw: string | undefined) => (raw ?? '').split(',').map((item) => item.trim()).filter(Boolean);
const IOS_APP_ID = /^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const SHA256_FINGERPRINT = /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/;

/**
 * Reads the app-link settings; a malformed value refuses the start with a sentence naming it
 * (a wrong id would publish a file that silently opens no app).
 */
export function readAppLinksConfig(env: NodeJS.ProcessEnv): AppLinksConfig {
  const errors: string[] = [];
  const iosAppIds = list(env.IOS_APP_IDS);
  for (const id of iosAppIds) if (!IOS_APP_ID.test(id)) errors.push(`IOS_APP_IDS: "${id}" is not an app id of the form TEAMID.bundle.id (a 10-character team id, a dot, the bundle id).`);
  const packageName = env.ANDROID_APP_PACKAGE?.trim() ?? '';
  const fingerprints = list(env.ANDROID_APP_SHA256_FINGERPRINTS).map((value) => value.toUpperCase());
  if (packageName && !ANDROID_PACKAGE.test(packageName)) errors.push(`ANDROID_APP_PACKAGE: "${packageName}" is not an Android package name (e.g. com.example.vouch).`);
  for (const value of fingerprints) if (!SHA256_FINGERPRINT.test(value)) errors.push(`ANDROID_APP_SHA256_FINGERPRINTS: "${value}" is not a SHA-256 certificate fingerprint (32 hex pairs separated by colons).`);
  if (packageName && fingerprints.length === 0) errors.push('ANDROID_APP_SHA256_FINGERPRINTS is not set: Android verifies App Links against the signing certificate fingerprints of ANDROID_APP_PACKAGE.');
  if (!packageName && fingerprints.length > 0) errors.push('ANDROID_APP_PACKAGE is not set: the fingerprints in ANDROID_APP_SHA256_FINGERPRINTS belong to an app package.');
  if (errors.length > 0) throw new Error(`App links are misconfigured:\n${errors.map((error) => `  - ${error}`).join('\n')}`);
  return { iosAppIds, android: packageName ? { packageName, fingerprints } : null };
}

/** The apple-app-site-association document (iOS 13+ `components` form). */
export function appleAppSiteAssociation(appIds: readonly string[]) {
  return { applinks: { details: [{ appIDs: [...appIds], components: APP_LINK_PATHS.map((path) => ({ '/': path })) }] } };
}

/** The Digital Asset Links statement list; the app's intent filters name the same paths. */
export function assetLinks(android: NonNullable<AppLinksConfig['android']>) {
  return [{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: android.packageName, sha256_cert_fingerprints: android.fingerprints } }];
}

function sendJson(res: Response, body: unknown) {
  // Apple's CDN and Android fetch these without following redirects; JSON by type, not by extension.
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.type('application/json').send(JSON.stringify(body));
}

/** GET /.well-known/apple-app-site-association (and the legacy root path) and /.well-known/assetlinks.json. */
export function appLinksRoutes(config: AppLinksConfig): Router {
  const router = Router();
  router.get(['/.well-known/apple-app-site-association', '/apple-app-site-association'], (_req, res) => {
    if (config.iosAppIds.length === 0) throw problems.notFound('No iOS app is configured for this site (IOS_APP_IDS).');
    sendJson(res, appleAppSiteAssociation(config.iosAppIds));
  });
  router.get('/.well-known/assetlinks.json', (_req, res) => {
    if (!config.android) throw problems.notFound('No Android app is configured for this site (ANDROID_APP_PACKAGE).');
    sendJson(res, assetLinks(config.android));
  });
  return router;
}
