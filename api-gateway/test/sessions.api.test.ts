// Sessions as a mobile app lives with them (issue 18): the token's expiry is told and slides
// with use, and every 401 says why (missing, expired, revoked, registration unfinished).
import { createHash } from 'node:crypto';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signInWithToken, type TestContext } from './support';

const DAY = 24 * 60 * 60 * 1000;

const tokenSignIn = (t: TestContext) => signInWithToken(t);

describeEachDatabase(
  'sessions for mobile clients',
  (t) => {
    const sessions = () => t.db.sequelize.getQueryInterface().quoteIdentifier('sessions');
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    /** Moves a session's clock by hand (only its hash is stored). */
    const setSession = (token: string, fields: { lastSeenAt?: Date; expiresAt: Date }) =>
      t.db.sequelize.query(`UPDATE ${sessions()} SET expires_at = ?, last_seen_at = COALESCE(?, last_seen_at) WHERE token_hash = ?`, {
        replacements: [fields.expiresAt, fields.lastSeenAt ?? null, createHash('sha256').update(token).digest('hex')],
      });

    it('verify-otp tells when the token expires; the app learns registration is unfinished, then finishes it', async () => {
      const before = Date.now();
      const { token, expiresAt } = await tokenSignIn(t);
      expect(new Date(expiresAt).getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
      expect(new Date(expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);

      // The app was killed before the names step: any call says so.
      const mine = await t.request.get('/api/vouches/my').set(bearer(token)).expect(401);
      expect(mine.body.code).toBe('REGISTRATION_INCOMPLETE');
      const profile = await t.request.get('/api/user/profile').set(bearer(token)).expect(401);
      expect(profile.body).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', detail: 'Not authenticated' });
      expect((await t.request.get('/api/auth/session').set(bearer(token)).expect(200)).body).toEqual({ user: null, expiresAt, registrationComplete: false });

      await t.request.post('/api/auth/complete-registration').set(bearer(token)).send({ firstName: 'Mo', lastName: 'Bile' }).expect(201);
      expect((await t.request.get('/api/auth/session').set(bearer(token)).expect(200)).body.registrationComplete).toBe(true);
      await t.request.get('/api/vouches/my').set(bearer(token)).expect(200);
    });

    it('a session slides forward when used', async () => {
      const { token } = await tokenSignIn(t);
      // Last used two hours ago, so its expiry is two hours nearer than a fresh one's.
      const lastSeen = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await setSession(token, { lastSeenAt: lastSeen, expiresAt: new Date(lastSeen.getTime() + 30 * DAY) });
      expect(new Date((await t.request.get('/api/auth/session').set(bearer(token)).expect(200)).body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    });

    it('after logout the token is SESSION_REVOKED; past its expiry SESSION_EXPIRED; garbage is SESSION_MISSING', async () => {
      const revoked = await tokenSignIn(t);
      await t.request.post('/api/auth/complete-registration').set(bearer(revoked.token)).send({ firstName: 'Re', lastName: 'Voked' }).expect(201);
      await t.request.post('/api/auth/logout').set(bearer(revoked.token)).send({}).expect(200);
      const afterLogout = await t.request.get('/api/vouches/my').set(bearer(revoked.token)).expect(401);
      expect(afterLogout.body.code).toBe('SESSION_REVOKED');
      expect(afterLogout.headers['www-authenticate']).toBe('Bearer realm="vouch", error="invalid_token"');

      const expired = await tokenSignIn(t);
      await t.request.post('/api/auth/complete-registration').set(bearer(expired.token)).send({ firstName: 'Ex', lastName: 'Pired' }).expect(201);
      await setSession(expired.token, { expiresAt: new Date(Date.now() - 1000) });
      const late = await t.request.get('/api/vouches/my').set(bearer(expired.token)).expect(401);
      expect(late.body.code).toBe('SESSION_EXPIRED');

      const garbage = await t.request.get('/api/vouches/my').set(bearer('not-a-token')).expect(401);
      expect(garbage.body.code).toBe('SESSION_MISSING');
      expect(garbage.headers['www-authenticate']).toBe('Bearer realm="vouch"');
    });

    it('logout needs the session it ends: without one it is 401 and nothing is signed out', async () => {
      const { token } = await tokenSignIn(t);
      await t.request.post('/api/auth/complete-registration').set(bearer(token)).send({ firstName: 'Lo', lastName: 'Gout' }).expect(201);
      expect((await t.request.post('/api/auth/logout').send({}).expect(401)).body.code).toBe('SESSION_MISSING');
      await t.request.get('/api/user/profile').set(bearer(token)).expect(200);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, SESSION_CACHE_SECONDS: '0' } },
);
