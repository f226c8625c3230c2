// Issue 43 item 2: accounts their owners control. A member sees every session and device signed in
// to their account and ends one or all the others; every way a session ends goes through one
// function its listeners hear; deleting the account needs a fresh code. SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL; two gateways on one database: t.app and t.createApp().
import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { endExpiredSessions, type SessionsEnded } from '@vouch/service-auth';
import { buildServices } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, type SignedInMember, type TestContext } from './support';

jest.setTimeout(60_000);

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const IPHONE_APP = 'Vouch/2.4.1 (iPhone; iOS 17.5)';
const MINUTE = 60_000;

/** Every session end the gateway's auth told its listener, in order. */
const heard: Omit<SessionsEnded, 'db' | 't'>[] = [];
const listener = async ({ reason, sessions }: SessionsEnded) => void heard.push({ reason, sessions });

describeEachDatabase(
  'accounts their owners control (issue 43 item 2)',
  (t: TestContext) => {
    /** The same member's phone app signs in through `app` (a bearer token), from `ip`. */
    async function appSession(app: ReturnType<TestContext['createApp']>, member: SignedInMember, ip: string): Promise<string> {
      const client = () => supertest(app);
      const { attemptId } = (await client().post('/api/auth/request-otp').set('X-Forwarded-For', ip).send({ phone: member.phone }).expect(200)).body;
      const otp = await latestCode({ request: client(), agent: () => supertest.agent(app) }, member.phone);
      const res = await client().post('/api/auth/verify-otp').set('X-Forwarded-For', ip).set('User-Agent', IPHONE_APP).send({ phone: member.phone, otp, attemptId, session: 'token' }).expect(200);
      return res.body.token as string;
    }
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    /** Moves when a session last entered a code (only its token's hash is stored). */
    const codeEnteredAgo = (token: string, ms: number) =>
      t.db.sequelize.query('UPDATE sessions SET reverified_at = ?, created_at = ? WHERE token_hash = ?', {
        replacements: [new Date(Date.now() - ms), new Date(Date.now() - ms), createHash('sha256').update(token).digest('hex')],
      });

    describe('sessions and devices', () => {
      it('lists every browser and app signed in, with device, place and last use, on either gateway', async () => {
        const member = await signIn(t, ['Lena', 'List']);
        const other = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const token = await appSession(other, member, '198.51.100.23');

        const fromApp = (await supertest(other).get('/api/auth/sessions').set(bearer(token)).expect(200)).body;
        const fromBrowser = (await member.agent.get('/api/auth/sessions').set('User-Agent', CHROME_MAC).expect(200));
        expect(fromBrowser.headers['cache-control']).toBe('no-store');
        expect(fromApp).toHaveLength(2);
        expect(fromApp.find((s: { current: boolean }) => s.current)).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          current: true,
          device: 'Vouch app on iPhone',
          kind: 'app',
          place: '198.51.100.0/24',
          signedInAt: expect.any(String),
          lastUsedAt: expect.any(String),
          expiresAt: expect.any(String),
        });
        expect(fromBrowser.body.find((s: { current: boolean }) => s.current)).toMatchObject({ kind: 'browser' });
        expect(fromBrowser.body.map((s: { id: string }) => s.id).sort()).toEqual(fromApp.map((s: { id: string }) => s.id).sort());
        // Nothing in the list is a credential: no token, no phone, no full address.
        expect(JSON.stringify(fromApp)).not.toContain(token);
        expect(JSON.stringify(fromApp)).not.toContain(member.phone);
        expect(JSON.stringify(fromApp)).not.toContain('198.51.100.23');
      });

      it('ends one session, or all the others: they stop working on both gateways, the one in hand goes on', async () => {
        const member = await signIn(t, ['Ezra', 'End']);
        const other = t.createApp({ env: { TRUST_PROXY: 'loopback', SESSION_CACHE_SECONDS: '0' } });
        const phoneApp = await appSession(other, member, '198.51.100.31');
        const tablet = await appSession(t.app, member, '198.51.100.32');
        const tabletId = ((await supertest(t.app).get('/api/auth/sessions').set(bearer(tablet)).expect(200)).body as { id: string; current: boolean }[]).find((s) => s.current)!.id;

        await member.agent.delete(`/api/auth/sessions/${tabletId}`).expect(204);
        await supertest(t.app).get('/api/vouches/my').set(bearer(tablet)).expect(401);
        await supertest(other).get('/api/vouches/my').set(bearer(phoneApp)).expect(200);
        await member.agent.delete(`/api/auth/sessions/${tabletId}`).expect(404);

        expect((await member.agent.post('/api/auth/sessions/sign-out-others').send({}).expect(200)).body).toEqual({ ended: 1 });
        const refused = await supertest(other).get('/api/vouches/my').set(bearer(phoneApp)).expect(401);
        expect(refused.body.code).toBe('SESSION_REVOKED');
        const left = (await member.agent.get('/api/auth/sessions').expect(200)).body;
        expect(left).toEqual([expect.objectContaining({ current: true })]);
        expect((await member.agent.post('/api/auth/sessions/sign-out-others').send({}).expect(200)).body).toEqual({ ended: 0 });
      });

      it("nobody ends another member's session: the same 404 as an unknown or malformed id", async () => {
        const owner = await signIn(t, ['Olga', 'Owner']);
        const stranger = await signIn(t, ['Stan', 'Stranger']);
        const ownerSession = (await owner.agent.get('/api/auth/sessions').expect(200)).body[0].id as string;
        for (const id of [ownerSession, '00000000-0000-4000-8000-000000000000', 'not-a-session', "1' OR '1'='1"]) {
          const res = await stranger.agent.delete(`/api/auth/sessions/${encodeURIComponent(id)}`).expect(404);
          expect(res.body.detail).toBe('There is no such session of yours: it may have ended already.');
        }
        await owner.agent.get('/api/vouches/my').expect(200);
        await t.request.get('/api/auth/sessions').expect(401);
        await t.request.post('/api/auth/sessions/sign-out-others').send({}).expect(401);
      });

      it('ending the session in hand from the list is signing out: its cookie is cleared', async () => {
        const member = await signIn(t, ['Cora', 'Current']);
        const mine = (await member.agent.get('/api/auth/sessions').expect(200)).body.find((s: { current: boolean }) => s.current).id as string;
        const res = await member.agent.delete(`/api/auth/sessions/${mine}`).expect(204);
        expect(String(res.headers['set-cookie'])).toMatch(/^vouch_session=;/);
        await member.agent.get('/api/vouches/my').expect(401);
      });
    });

    describe('a fresh code before deleting the account', () => {
      it('a session that entered its code over 10 minutes ago cannot delete the account until the member confirms with a new code', async () => {
        const member = await signIn(t, ['Rhea', 'Verify']);
        const app = await appSession(t.app, member, '198.51.100.41');
        await codeEnteredAgo(app, 11 * MINUTE);
        const refused = await supertest(t.app).delete('/api/account').set(bearer(app)).expect(403);
        expect(refused.body).toMatchObject({ code: 'REVERIFICATION_REQUIRED', detail: 'Confirm it is you before deleting your account: enter the new code we text to your phone.' });
        await member.agent.get('/api/user/profile').expect(200); // nothing happened

        // A code for the member's own phone, in an attempt of their own.
        const { attemptId } = (await supertest(t.app).post('/api/auth/request-otp').send({ phone: member.phone }).expect(200)).body;
        const code = await latestCode(t, member.phone);
        const wrong = code === '000000' ? '111111' : '000000';
        expect((await supertest(t.app).post('/api/auth/reverify').set(bearer(app)).send({ attemptId, otp: wrong }).expect(400)).body.code).toBe('OTP_INCORRECT');
        // Another phone's attempt is no proof for this one.
        const strangerPhone = (await signIn(t, ['Ned', 'Neighbour'])).phone;
        const theirs = (await supertest(t.app).post('/api/auth/request-otp').send({ phone: strangerPhone }).expect(200)).body.attemptId;
        expect((await supertest(t.app).post('/api/auth/reverify').set(bearer(app)).send({ attemptId: theirs, otp: await latestCode(t, strangerPhone) }).expect(400)).body.code).toBe('OTP_NOT_REQUESTED');
        await t.request.post('/api/auth/reverify').send({ attemptId, otp: code }).expect(401);

        const confirmed = await supertest(t.app).post('/api/auth/reverify').set(bearer(app)).send({ attemptId, otp: code }).expect(200);
        expect(new Date(confirmed.body.reverifiedUntil).getTime()).toBeGreaterThan(Date.now() + 9 * MINUTE);
        await supertest(t.app).delete('/api/account').set(bearer(app)).expect(204);
        await member.agent.get('/api/user/profile').expect(401);
      });

      it('a fresh sign-in counts as the fresh code', async () => {
        const member = await signIn(t, ['Fay', 'Fresh']);
        await member.agent.delete('/api/account').expect(204);
      });
    });

    describe('a fresh code before changing the phone', () => {
      it('moves the account to a new phone with a code texted to it, from a session that entered a code in the last 10 minutes', async () => {
        const member = await signIn(t, ['Paz', 'Phone']);
        const other = await signIn(t, ['Oli', 'Other']);
        const newPhoneNumber = newPhone();
        const codeFor = async (phone: string) => {
          const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
          return { attemptId, otp: await latestCode(t, phone) };
        };
        // Another member's phone cannot become this one's.
        expect((await member.agent.put('/api/account/phone').send({ phone: other.phone, ...(await codeFor(other.phone)) }).expect(409)).body.detail).toMatch(/Another member signs in with this phone number/);
        // The code must be the new phone's own: a code texted to the current phone proves nothing about it.
        const mine = await codeFor(member.phone);
        expect((await member.agent.put('/api/account/phone').send({ phone: newPhoneNumber, ...mine }).expect(400)).body.code).toBe('OTP_NOT_REQUESTED');
        const fresh = await codeFor(newPhoneNumber);
        const wrong = fresh.otp === '000000' ? '111111' : '000000';
        expect((await member.agent.put('/api/account/phone').send({ phone: newPhoneNumber, attemptId: fresh.attemptId, otp: wrong }).expect(400)).body.code).toBe('OTP_INCORRECT');
        const changed = await member.agent.put('/api/account/phone').send({ phone: newPhoneNumber, ...fresh }).expect(200);
        expect(changed.body.user).toMatchObject({ id: member.memberId, phone: newPhoneNumber });
        // The session goes on; the new phone signs in to the same member, the old one to nobody.
        expect((await member.agent.get('/api/user/profile').expect(200)).body.user.phone).toBe(newPhoneNumber);
        expect((await signIn(t, ['x', 'y'], { phone: newPhoneNumber })).memberId).toBe(member.memberId);
        const oldPhone = supertest.agent(t.app);
        const again = await codeFor(member.phone);
        expect((await oldPhone.post('/api/auth/verify-otp').send({ phone: member.phone, ...again }).expect(200)).body).toEqual({ isNewUser: true });
      });

      it('a session whose last code is older than 10 minutes must confirm with a fresh code first', async () => {
        const member = await signIn(t, ['Sol', 'Stale']);
        const app = await appSession(t.app, member, '198.51.100.51');
        await codeEnteredAgo(app, 11 * MINUTE);
        const phone = newPhone();
        const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
        const refused = await supertest(t.app).put('/api/account/phone').set(bearer(app)).send({ phone, attemptId, otp: await latestCode(t, phone) }).expect(403);
        expect(refused.body).toMatchObject({ code: 'REVERIFICATION_REQUIRED', detail: 'Confirm it is you before changing your phone number: enter the new code we text to your phone.' });
        expect((await member.agent.get('/api/user/profile').expect(200)).body.user.phone).toBe(member.phone);
      });
    });

    describe('one way every session ends, told to its listeners', () => {
      it('sign-out, signing in again, ending from the list, expiry and the account deletion each tell the ended sessions once', async () => {
        const app = t.createApp({ services: buildServices({ sessionsEnded: [listener] }), env: { SESSION_CACHE_SECONDS: '0' } });
        const target = { request: supertest(app), agent: () => supertest.agent(app) };
        heard.length = 0;
        const member = await signIn(target, ['Lis', 'Tener']);
        const again = supertest.agent(app);
        const second = (await target.request.post('/api/auth/request-otp').send({ phone: member.phone }).expect(200)).body.attemptId;
        await again.post('/api/auth/verify-otp').send({ phone: member.phone, otp: await latestCode(target, member.phone), attemptId: second }).expect(200);
        // The same browser signs in again: its first session is replaced.
        const third = (await target.request.post('/api/auth/request-otp').send({ phone: member.phone }).expect(200)).body.attemptId;
        await again.post('/api/auth/verify-otp').send({ phone: member.phone, otp: await latestCode(target, member.phone), attemptId: third }).expect(200);
        await again.post('/api/auth/sessions/sign-out-others').send({}).expect(200);
        await again.post('/api/auth/logout').send({}).expect(200);

        const expiring = await signIn(target, ['Ex', 'Piring']);
        await t.db.sequelize.query('UPDATE sessions SET expires_at = ? WHERE member_id = ?', { replacements: [new Date(Date.now() - 1000), expiring.memberId] });
        // The auth router sweeps at most once a minute per process, on sign-in traffic; the same sweep, run now.
        await endExpiredSessions(t.db, [listener]);
        await endExpiredSessions(t.db, [listener]);
        const leaving = await signIn(target, ['Lea', 'Ving']);
        await leaving.agent.delete('/api/account').expect(204);

        const byReason = (reason: string) => heard.filter((event) => event.reason === reason).flatMap((event) => event.sessions);
        expect(byReason('signed-in-again')).toHaveLength(1);
        expect(byReason('ended-by-member')).toEqual([expect.objectContaining({ memberId: member.memberId, phone: member.phone })]);
        expect(byReason('signed-out')).toEqual([expect.objectContaining({ memberId: member.memberId })]);
        expect(byReason('account-deleted')).toEqual([expect.objectContaining({ memberId: leaving.memberId })]);
        expect(byReason('expired').filter((s) => s.memberId === expiring.memberId)).toHaveLength(1);
        await expiring.agent.get('/api/vouches/my').expect(401);
        const ids = heard.flatMap((event) => event.sessions.map((s) => s.id));
        expect(new Set(ids).size).toBe(ids.length);
      });
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, TRUST_PROXY: 'loopback', AUTH_OTP_SEND_LIMIT_PER_PHONE: '10' } },
);
