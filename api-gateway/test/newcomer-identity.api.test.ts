// Issue 44 items 2 and 3: the name a member confirms is their name everywhere (answered vouches,
// the voucher's Sent list and sync, the public page; a URL made from the voucher's typed name is
// replaced, the old one 301s), the visibility chosen at sign-up, and a decline without joining (a
// phone proven by a code, no member row, nothing else open to that session). On SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL.
import supertest from 'supertest';
import { PROFILE_MESSAGES } from '@vouch/contracts';
import { findMemberByPhone } from '@vouch/service-auth';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, type Agent, type SignedInMember, type TestContext, useShellBuild } from './support';

jest.setTimeout(120_000);

const SHELL_INDEX = '<!doctype html><html lang=en><head><title>Vouch</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const JOIN_BEFORE_ACCEPTING = 'Create your account (your name) before accepting: only declining needs no account.';

const invite = (recipientName: string, recipientPhone: string) => ({ type: 'invite', recipientName, recipientPhone, reason: null, characterTraits: null, skills: null, accomplishments: null, relationship: 'colleague' });
const mySummary = async (agent: Agent) => (await agent.get('/api/profile/my-summary').expect(200)).body.profile as { profileSlug: string; isPublic: boolean };

describeEachDatabase(
  'a newcomer’s identity and choices (issue 44)',
  (t: TestContext) => {
    const rootDir = useShellBuild(SHELL_INDEX);
    const page = (url: string) => supertest(t.createApp({ rootDir: rootDir(), env: { ...GENEROUS_AUTH_LIMITS } })).get(url).redirects(0);

    /** Request and verify a code for `phone` through the vouch link; `extra` goes to verify-otp. */
    const verifyThroughLink = async (phone: string, vouchToken: string, extra: Record<string, unknown> = {}) => {
      const agent = t.agent();
      const sent = await t.request.post('/api/auth/request-otp').send({ phone, vouchToken }).expect(200);
      const res = await agent.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId: sent.body.attemptId, vouchToken, ...extra });
      return { agent, res };
    };
    const syncSent = async (member: SignedInMember, token?: string) => {
      const body = { changes: [] as { id: number; recipientName: string; updatedAt: string }[], nextSyncToken: token ?? '', hasMore: true };
      let next = token;
      do {
        const res = (await member.agent.get(`/api/vouches/my/sync${next ? `?sync_token=${encodeURIComponent(next)}` : ''}`).expect(200)).body;
        body.changes.push(...res.changes);
        body.nextSyncToken = res.nextSyncToken;
        body.hasMore = res.hasMore;
        next = res.nextSyncToken;
      } while (body.hasMore);
      return body;
    };

    let marcus: SignedInMember;
    beforeAll(async () => {
      marcus = await signIn(t, ['Marcus', 'Okafor']);
    });

    it('the name Sam confirms replaces the typo: his URL, the vouch page, Marcus’s Sent list and sync; the old URL 301s', async () => {
      const phone = newPhone();
      const created = (await marcus.agent.post('/api/vouches').send(invite('Sam Riviera', phone)).expect(201)).body as { id: number; vouchToken: string };
      const since = (await syncSent(marcus)).nextSyncToken;

      // Through the link the account is made from the typed name, private until Sam chooses.
      const { agent: sam, res } = await verifyThroughLink(phone, created.vouchToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isNewUser: true });
      expect(await mySummary(sam)).toMatchObject({ profileSlug: 'sam-riviera', isPublic: false });
      await t.request.get('/api/profile/public/sam-riviera').expect(404);

      // The names step: his name and his visibility.
      const confirmed = await sam.patch('/api/profile').send({ firstName: 'Sam', lastName: 'Rivera', isPublic: true }).expect(200);
      expect(confirmed.body).toMatchObject({ user: { name: 'Sam Rivera' }, profile: { profileSlug: 'sam-rivera', isPublic: true } });
      const viaOld = await t.request.get('/api/profile/public/sam-riviera').expect(200);
      expect(viaOld.body).toMatchObject({ profile: { profileSlug: 'sam-rivera' }, user: { name: 'Sam Rivera' } });
      const old = await page('/profile/sam-riviera?ref=card');
      expect(old.status).toBe(301);
      expect(old.headers.location).toBe('/profile/sam-rivera?ref=card');
      expect((await page('/profile/sam-rivera')).status).toBe(200);
      // Not one of his five chosen URLs a year: both rows are "made from a name".
      const rows = (await t.db.sequelize.query('SELECT slug, chosen FROM profile_slugs WHERE member_id = :id ORDER BY id', { replacements: { id: confirmed.body.user.id ?? (await findMemberByPhone(t.db, phone))!.id }, type: 'SELECT' })) as { slug: string; chosen: number | boolean }[];
      expect(rows.map((r) => [r.slug, Boolean(r.chosen)])).toEqual([
        ['sam-riviera', false],
        ['sam-rivera', false],
      ]);

      // Pending, the vouch still says what Marcus typed; answered, it says Sam's name.
      expect((await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200)).body.recipientName).toBe('Sam Riviera');
      const answered = await sam.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(200);
      expect(answered.body.vouch.recipientName).toBe('Sam Rivera');
      expect((await t.request.get(`/api/vouches/public/${created.vouchToken}`).expect(200)).body.recipientName).toBe('Sam Rivera');
      const sent = (await marcus.agent.get('/api/vouches/my').expect(200)).body as { id: number; recipientName: string }[];
      expect(sent.find((v) => v.id === created.id)?.recipientName).toBe('Sam Rivera');
      expect((await marcus.agent.get(`/api/vouches/${created.id}`).expect(200)).body.recipientName).toBe('Sam Rivera');
      // The vouch page's first screen (server-rendered) names him too.
      expect((await page(`/vouch/${created.vouchToken}`)).text).toContain('Sam Rivera');

      // A later rename: the URL stays (it is his own name's), the vouch follows, and so does sync.
      const afterAccept = (await syncSent(marcus, since)).nextSyncToken;
      const before = sent.find((v) => v.id === created.id) as unknown as { updatedAt: string };
      await sam.patch('/api/profile').send({ firstName: 'Samuel', lastName: 'Rivera' }).expect(200);
      expect((await mySummary(sam)).profileSlug).toBe('sam-rivera');
      // The rename is a change of the vouch: sync brings it, stamped anew.
      const changes = (await syncSent(marcus, afterAccept)).changes.filter((c) => c.id === created.id);
      expect(changes.at(-1)?.recipientName).toBe('Samuel Rivera');
      expect(Date.parse(changes.at(-1)!.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      const received = (await sam.get('/api/vouches/received').expect(200)).body as { id: number; recipientName: string }[];
      expect(received.find((v) => v.id === created.id)?.recipientName).toBe('Samuel Rivera');
    });

    it('a URL the member chose, or a name that gives the same URL, is kept', async () => {
      const phone = newPhone();
      const created = (await marcus.agent.post('/api/vouches').send(invite('Tia Tipo', phone)).expect(201)).body as { vouchToken: string };
      const { agent: tia } = await verifyThroughLink(phone, created.vouchToken);
      await tia.patch('/api/profile').send({ profileSlug: 'tia-at-work' }).expect(200);
      await tia.patch('/api/profile').send({ firstName: 'Tia', lastName: 'Typo' }).expect(200);
      expect((await mySummary(tia)).profileSlug).toBe('tia-at-work');

      const phone2 = newPhone();
      const second = (await marcus.agent.post('/api/vouches').send(invite('Lee Right', phone2)).expect(201)).body as { vouchToken: string };
      const { agent: lee } = await verifyThroughLink(phone2, second.vouchToken);
      await lee.patch('/api/profile').send({ firstName: 'Lee', lastName: 'Right', isPublic: false }).expect(200);
      expect(await mySummary(lee)).toMatchObject({ profileSlug: 'lee-right', isPublic: false });
    });

    it('a pending vouch to a member’s phone keeps the typed name: a phone never tells a voucher whose it is', async () => {
      const olga = await signIn(t, ['Olga', 'Sender']);
      const created = (await olga.agent.post('/api/vouches').send(invite('Someone Else', marcus.phone)).expect(201)).body as { id: number };
      const sent = (await olga.agent.get('/api/vouches/my').expect(200)).body as { id: number; recipientName: string }[];
      expect(sent.find((v) => v.id === created.id)?.recipientName).toBe('Someone Else');
    });

    it('visibility is chosen at sign-up: a private choice is honoured, a bad value is a 400 with its sentence', async () => {
      const phone = newPhone();
      const agent = t.agent();
      const sent = await t.request.post('/api/auth/request-otp').send({ phone }).expect(200);
      await agent.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId: sent.body.attemptId }).expect(200, { isNewUser: true });
      const bad = await agent.post('/api/auth/complete-registration').send({ firstName: 'Pia', lastName: 'Private', isPublic: 'no' }).expect(400);
      expect(bad.body.detail).toContain(PROFILE_MESSAGES.isPublicBoolean);
      await agent.post('/api/auth/complete-registration').send({ firstName: 'Pia', lastName: 'Private', isPublic: false }).expect(201);
      const profile = await mySummary(agent);
      expect(profile.isPublic).toBe(false);
      await t.request.get(`/api/profile/public/${profile.profileSlug}`).expect(404);
      expect((await page(`/profile/${profile.profileSlug}`)).status).toBe(404);
    });

    it('declines without joining: the code proves the phone, the vouch is declined, no member is created, and the voucher sees it', async () => {
      const phone = newPhone();
      const created = (await marcus.agent.post('/api/vouches').send(invite('Dana Decline', phone)).expect(201)).body as { id: number; vouchToken: string };
      const other = (await marcus.agent.post('/api/vouches').send(invite('Not Dana', newPhone())).expect(201)).body as { vouchToken: string };

      // join must be a boolean.
      const sentBad = await t.request.post('/api/auth/request-otp').send({ phone, vouchToken: created.vouchToken }).expect(200);
      const bad = await t.request.post('/api/auth/verify-otp').send({ phone, otp: await latestCode(t, phone), attemptId: sentBad.body.attemptId, vouchToken: created.vouchToken, join: 'no' }).expect(400);
      expect(bad.body.detail).toContain('join must be true or false.');

      const { agent: dana, res } = await verifyThroughLink(phone, created.vouchToken, { join: false });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isNewUser: true });
      expect(await findMemberByPhone(t.db, phone)).toBeNull();
      expect((await dana.get('/api/auth/session').expect(200)).body).toMatchObject({ user: null, registrationComplete: false });

      // Nothing but declining is open to that session.
      const accept = await dana.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(401);
      expect(accept.body).toMatchObject({ detail: JOIN_BEFORE_ACCEPTING, code: 'REGISTRATION_INCOMPLETE' });
      for (const [method, url, body] of [
        ['get', '/api/user/profile'],
        ['get', '/api/vouches/pending-for-me'],
        ['get', '/api/vouches/my'],
        ['get', `/api/vouches/${created.id}`],
        ['post', '/api/vouches', invite('Anyone', newPhone())],
        ['patch', '/api/profile', { isPublic: true }],
        ['get', '/api/profile/my-summary'],
        ['post', '/api/vouch-asks', { memberId: marcus.memberId }],
        ['get', '/api/activities'],
      ] as const) {
        const refused = await (body ? dana[method](url).send(body) : dana[method](url));
        expect([url, refused.status, refused.body.code]).toEqual([url, 401, 'REGISTRATION_INCOMPLETE']);
      }
      // Another phone's vouch: the session proves only its own.
      const mismatch = await dana.put('/api/vouches/respond').send({ vouchToken: other.vouchToken, action: 'reject' }).expect(403);
      expect(mismatch.body.detail).toBe('Phone Number Mismatch: Please enter the phone number associated with this Vouch.');
      // A malformed answer is a 400, as for a member.
      const malformed = await dana.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action: 'maybe' }).expect(400);
      expect(malformed.body.detail).toBeTruthy();

      const declined = await dana.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action: 'reject' }).expect(200);
      expect(declined.body).toMatchObject({ vouch: { status: 'rejected', recipientName: 'Dana Decline', recipientId: null }, vouchBack: null });
      expect(await findMemberByPhone(t.db, phone)).toBeNull();
      const again = await dana.put('/api/vouches/respond').send({ vouchToken: created.vouchToken, action: 'reject' }).expect(409);
      expect(again.body.detail).toBe('This Vouch has already been rejected.');

      // Marcus sees it declined, in his Sent list and his bell.
      const sent = (await marcus.agent.get('/api/vouches/my').expect(200)).body as { id: number; status: string; recipientName: string }[];
      expect(sent.find((v) => v.id === created.id)).toMatchObject({ status: 'rejected', recipientName: 'Dana Decline' });
      const bell = (await marcus.agent.get('/api/activities?limit=100').expect(200)).body as { description: string; objectId: number }[];
      expect(bell.some((a) => a.objectId === created.id && /Dana Decline declined/.test(a.description))).toBe(true);

      // Should she join later, she can.
      await dana.post('/api/auth/complete-registration').send({ firstName: 'Dana', lastName: 'Decline', isPublic: false }).expect(201);
      expect(await findMemberByPhone(t.db, phone)).not.toBeNull();
    });

    it('a phone that is already a member’s signs in as that member with join: false', async () => {
      const created = (await marcus.agent.post('/api/vouches').send(invite('Who Ever', (await signIn(t, ['Kim', 'Member'], { phone: newPhone() })).phone)).expect(201)).body as { vouchToken: string; recipientPhone: string };
      const { agent, res } = await verifyThroughLink(created.recipientPhone, created.vouchToken, { join: false });
      expect(res.body).toEqual({ isNewUser: false });
      expect((await agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Kim Member');
      await agent.post('/api/vouches/accept').send({ vouchToken: created.vouchToken, action: 'accept' }).expect(200);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
