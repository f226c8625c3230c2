// Links that open the app (issue 29 item 3): the iOS and Android association files, served by the
// gateway from configuration as the platforms fetch them (JSON, no redirect, no extension for
// Apple's), covering the vouch link, profiles, My Vouches and the introduction requests page; 404
// without. Every notification link (bell, text, push) falls under one of the paths (issue 40).
import supertest from 'supertest';
import { notificationLinks } from '@vouch/contracts';
import { APP_LINK_PATHS } from '../src/app-links';
import { describeEachDatabase } from './support';

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
const CONFIGURED = {
  IOS_APP_IDS: 'ABCDE12345.com.example.vouch, ABCDE12345.com.example.vouch.beta',
  ANDROID_APP_PACKAGE: 'com.example.vouch',
  ANDROID_APP_SHA256_FINGERPRINTS: FINGERPRINT.toLowerCase(),
};

describeEachDatabase('app links: apple-app-site-association and assetlinks.json', (t) => {
  it('answers 404 for both when no app is configured', async () => {
    const aasa = await t.request.get('/.well-known/apple-app-site-association').expect(404);
    expect(aasa.body.detail).toBe('No iOS app is configured for this site (IOS_APP_IDS).');
    const assetlinks = await t.request.get('/.well-known/assetlinks.json').expect(404);
    expect(assetlinks.body.detail).toBe('No Android app is configured for this site (ANDROID_APP_PACKAGE).');
  });

  it('serves the iOS association as JSON at its extensionless path, without a redirect, covering vouch links, profiles and introductions', async () => {
    const app = supertest(t.createApp({ env: CONFIGURED }));
    for (const path of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
      const res = await app.get(path).redirects(0).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        applinks: {
          details: [
            {
              appIDs: ['ABCDE12345.com.example.vouch', 'ABCDE12345.com.example.vouch.beta'],
              components: [
                { '/': '/vouch/*' },
                { '/': '/profile/*' },
                { '/': '/my-vouches' },
                { '/': '/my-vouches/*' },
                { '/': '/introduction-requests' },
                { '/': '/introduction-requests/*' },
              ],
            },
          ],
        },
      });
    }
  });

  it('covers every path a notification links to, so a new kind cannot open the browser instead of the app', () => {
    // The way Apple reads a component: `*` matches any run of characters; the query is not part of it.
    const covered = (path: string) => APP_LINK_PATHS.some((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path));
    const links = Object.entries(notificationLinks).map(([name, link]) => {
      const href = (link as (...ids: string[]) => string)(...Array.from({ length: link.length }, () => '7'));
      return { name, path: new URL(href, 'https://vouch.example').pathname };
    });
    expect(links.length).toBeGreaterThanOrEqual(7);
    expect(links.filter(({ path }) => !covered(path))).toEqual([]);
    expect(links.find(({ name }) => name === 'sentVouch')?.path).toBe('/my-vouches');
  });

  it('serves the Android statement with the package and its fingerprints in upper case', async () => {
    const res = await supertest(t.createApp({ env: CONFIGURED })).get('/.well-known/assetlinks.json').redirects(0).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual([{ relation: ['delegate_permission/common.handle_all_urls'], target: { namespace: 'android_app', package_name: 'com.example.vouch', sha256_cert_fingerprints: [FINGERPRINT] } }]);
  });

  it('serves only what is configured: an iOS app alone leaves assetlinks.json a 404', async () => {
    const app = supertest(t.createApp({ env: { IOS_APP_IDS: 'ABCDE12345.com.example.vouch' } }));
    await app.get('/.well-known/apple-app-site-association').expect(200);
    await app.get('/.well-known/assetlinks.json').expect(404);
  });

  it('refuses to start with a malformed app id, package or fingerprint, naming each', () => {
    expect(() => t.createApp({ env: { IOS_APP_IDS: 'com.example.vouch' } })).toThrow(/IOS_APP_IDS: "com.example.vouch" is not an app id of the form TEAMID.bundle.id/);
    expect(() => t.createApp({ env: { ANDROID_APP_PACKAGE: 'vouch', ANDROID_APP_SHA256_FINGERPRINTS: 'AB:CD' } })).toThrow(/ANDROID_APP_PACKAGE: "vouch" is not an Android package name[\s\S]*"AB:CD" is not a SHA-256 certificate fingerprint/);
    expect(() => t.createApp({ env: { ANDROID_APP_PACKAGE: 'com.example.vouch' } })).toThrow(/ANDROID_APP_SHA256_FINGERPRINTS is not set/);
  });
});
