// Push configuration and the retry schedule, without a database.
import { isPushServiceEndpoint, pushConfigProblems, pushPlatforms, readPushConfig } from '../src/config';
import { retryDelayMs } from '../src/domain/deliver';

const VAPID = { VAPID_PUBLIC_KEY: 'BPublic', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:ops@vouch.example' };

describe('push configuration', () => {
  it('turns on a channel only when its settings are complete', () => {
    expect(pushPlatforms(readPushConfig({}))).toEqual([]);
    expect(pushPlatforms(readPushConfig(VAPID))).toEqual(['web']);
    expect(pushPlatforms(readPushConfig({ FCM_PROJECT_ID: 'p', FCM_CLIENT_EMAIL: 'push@p.iam.gserviceaccount.com', FCM_PRIVATE_KEY: 'key' }))).toEqual(['ios', 'android']);
    expect(pushPlatforms(readPushConfig({ ...VAPID, PUSH: 'off' }))).toEqual([]);
  });

  it('reads a private key pasted into one line with its newlines written \\n', () => {
    const config = readPushConfig({ FCM_PROJECT_ID: 'p', FCM_CLIENT_EMAIL: 'push@p.iam.gserviceaccount.com', FCM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n' });
    expect(config.fcm).toEqual({ projectId: 'p', clientEmail: 'push@p.iam.gserviceaccount.com', privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n' });
  });

  it('names what a production start lacks: a missing half, a file that is not there, or no decision at all', () => {
    expect(pushConfigProblems({})).toEqual([expect.stringMatching(/^PUSH is not set: .*or set PUSH=off/)]);
    expect(pushConfigProblems({ PUSH: 'off' })).toEqual([]);
    expect(pushConfigProblems(VAPID)).toEqual([]);
    expect(pushConfigProblems({ FCM_CREDENTIALS_FILE: '/nowhere/key.json' })).toEqual([expect.stringMatching(/^FCM_CREDENTIALS_FILE names no readable file \(got "\/nowhere\/key.json"\)/)]);
    expect(pushConfigProblems({ FCM_PROJECT_ID: 'p' })).toEqual([expect.stringMatching(/^FCM_CLIENT_EMAIL is not set/), expect.stringMatching(/^FCM_PRIVATE_KEY is not set/)]);
  });
});

describe('the retry schedule', () => {
  it('waits the base after the first failure, doubling after each next one, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });
});

describe('web push endpoints', () => {
  const { webPushHosts } = readPushConfig({ WEB_PUSH_HOSTS: 'push.example.test' });
  it("accepts the browsers' push services and their subdomains, and the hosts WEB_PUSH_HOSTS adds", () => {
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://updates.push.services.mozilla.com/wpush/v2/abc', 'https://web.push.apple.com/abc', 'https://wns2-by3p.notify.windows.com/w/?token=abc', 'https://push.example.test/push/1']) {
      expect({ endpoint, allowed: isPushServiceEndpoint(endpoint, webPushHosts) }).toEqual({ endpoint, allowed: true });
    }
  });
  it('refuses any other host, however it is dressed up', () => {
    for (const endpoint of ['https://10.0.0.5/admin', 'https://localhost/push', 'https://fcm.googleapis.com.evil.example/x', 'https://evilfcm.googleapis.co/x']) {
      expect({ endpoint, allowed: isPushServiceEndpoint(endpoint, webPushHosts) }).toEqual({ endpoint, allowed: false });
    }
  });
});
