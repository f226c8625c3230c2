// Identity and trust context (issue 16 items 9 and 10) through the real gateway, on SQLite and
// (with TEST_DATABASE_URL) MariaDB/MySQL: members change their name and headline, public
// profiles name each voucher, and a signed-in member sees how they are connected to another.
import { notConnectedMessage, PROFILE_MESSAGES } from '@vouch/contracts';
import { reputationIdle } from '@vouch/service-vouches/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type Agent, type SignedInMember, type TestContext } from './support';

jest.setTimeout(60_000);

const slugOf = async (member: SignedInMember): Promise<string> => (await member.agent.get('/api/profile/my-summary').expect(200)).body.profile.profileSlug;
const reputationOf = async (agent: Agent): Promise<number> => (await agent.get('/api/user/profile').expect(200)).body.user.reputationScore;

describeEachDatabase(
  'profile identity and trust context',
  (t: TestContext) => {
    describe('PATCH /api/profile: name and headline', () => {
      it('renames the member everywhere, keeps the slug, and sets and clears a headline', async () => {
        // The recipient's name is whatever the voucher typed: "sammy" until Sam changes it.
        const voucher = await signIn(t, ['Vic', 'Voucher']);
        const sam = await signIn(t, ['sammy', 'x']);
        await vouchAndAccept(voucher, sam);
        const slug = await slugOf(sam);
        const res = await sam.agent.patch('/api/profile').send({ firstName: '  Sam ', lastName: 'Lee', headline: '  Product designer at Acme ' }).expect(200);
        expect(res.body.user).toEqual({ name: 'Sam Lee' });
        expect(res.body.profile).toMatchObject({ profileSlug: slug, headline: 'Product designer at Acme' });
        expect((await sam.agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Sam Lee');
        const page = await t.request.get(`/api/profile/public/${slug}`).expect(200);
        expect(page.body.user.name).toBe('Sam Lee');
        expect(page.body.profile.headline).toBe('Product designer at Acme');
        // The voucher's network shows the new name too.
        const network = await voucher.agent.get('/api/network').expect(200);
        expect(JSON.stringify(network.body)).toContain('Sam Lee');
        // The data export holds the headline too.
        const exported = await sam.agent.get('/api/account/export').expect(200);
        expect(exported.body.vouches.profile).toMatchObject({ slug, headline: 'Product designer at Acme' });
        const cleared = await sam.agent.patch('/api/profile').send({ headline: '   ' }).expect(200);
        expect(cleared.body.profile.headline).toBeNull();
        const unnamed = await sam.agent.patch('/api/profile').send({ headline: null }).expect(200);
        expect(unnamed.body.user.name).toBe('Sam Lee');
      });

      it('refuses bad names and a too-long headline with sentences, changing nothing', async () => {
        const nina = await signIn(t, ['Nina', 'Name']);
        const refused = async (body: object, field: string, message: string) => {
          const res = await nina.agent.patch('/api/profile').send(body).expect(400);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(res.body.detail).toBe(message);
          expect(res.body.errors).toEqual([{ field, message }]);
        };
        await refused({ firstName: '   ', lastName: 'Name' }, 'firstName', PROFILE_MESSAGES.firstNameRequired);
        await refused({ firstName: 'Nina', lastName: '' }, 'lastName', PROFILE_MESSAGES.lastNameRequired);
        await refused({ firstName: 'N'.repeat(51), lastName: 'Name' }, 'firstName', PROFILE_MESSAGES.firstNameTooLong);
        await refused({ firstName: 'Nina', lastName: 'N'.repeat(51) }, 'lastName', PROFILE_MESSAGES.lastNameTooLong);
        await refused({ firstName: '1234', lastName: 'Name' }, 'firstName', PROFILE_MESSAGES.firstNameLetters);
        await refused({ firstName: 'Nina', lastName: '<b>Bold</b>' }, 'lastName', PROFILE_MESSAGES.lastNameLetters);
        await refused({ firstName: 'Nina', lastName: 'Two\nLines' }, 'lastName', PROFILE_MESSAGES.lastNameLetters);
        await refused({ firstName: 42, lastName: 'Name' }, 'firstName', PROFILE_MESSAGES.firstNameRequired);
        await refused({ firstName: 'Nina' }, 'lastName', PROFILE_MESSAGES.bothNames);
        await refused({ headline: 'h'.repeat(121), firstName: 'Changed', lastName: 'Name' }, 'headline', PROFILE_MESSAGES.headlineTooLong);
        await refused({ headline: 7 }, 'headline', PROFILE_MESSAGES.headlineText);
        // Nothing above was written, not even the valid parts of a refused request.
        expect((await nina.agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Nina Name');
        expect((await nina.agent.get('/api/profile/my-summary').expect(200)).body.profile.headline).toBeNull();
        // The limits themselves are allowed: 50-character names, a 120-character headline.
        const longest = await nina.agent.patch('/api/profile').send({ firstName: 'N'.repeat(50), lastName: 'Ñ'.repeat(50), headline: 'h'.repeat(120) }).expect(200);
        expect(longest.body.user.name).toBe(`${'N'.repeat(50)} ${'Ñ'.repeat(50)}`);
      });

      it('is 401 without a session', async () => {
        await t.request.patch('/api/profile').send({ firstName: 'A', lastName: 'B' }).expect(401);
      });
    });

    describe('activities name the member they are about', () => {
      it('an answered vouch links each side to the other; a deletion unlinks them', async () => {
        const giver = await signIn(t, ['Gil', 'Giver']);
        const taker = await signIn(t, ['Tia', 'Taker']);
        await vouchAndAccept(giver, taker);
        const about = async (member: SignedInMember) =>
          ((await member.agent.get('/api/activities').expect(200)).body as Array<{ type: string; aboutMemberId: number | null }>).map((a) => [a.type, a.aboutMemberId]);
        expect(await about(giver)).toEqual([
          ['vouch_accepted', taker.memberId],
          ['vouch_created', null],
        ]);
        expect(await about(taker)).toEqual([
          ['vouch_accepted', giver.memberId],
          ['vouch_created', giver.memberId],
        ]);
        await giver.agent.delete('/api/account').expect(204);
        expect(await about(taker)).toEqual([
          ['vouch_accepted', null],
          ['vouch_created', null],
        ]);
      });
    });

    describe('public profiles name their vouchers', () => {
      it('a deleted voucher stays "A former member" and is linked to no profile', async () => {
        const gone = await signIn(t, ['Gina', 'Gone']);
        const kept = await signIn(t, ['Kurt', 'Kept']);
        const rita = await signIn(t, ['Rita', 'Recipient']);
        await vouchAndAccept(gone, rita);
        await vouchAndAccept(kept, rita);
        await slugOf(kept);
        await gone.agent.delete('/api/account').expect(204);
        const page = await t.request.get(`/api/profile/public/${await slugOf(rita)}`).expect(200);
        expect(page.body.vouches.map((v: { voucherName: string; voucherProfileSlug: string | null }) => [v.voucherName, v.voucherProfileSlug])).toEqual([
          ['Kurt Kept', 'kurt-kept'],
          ['A former member', null],
        ]);
        // Signed in, the former member is not counted among the people who vouched.
        const other = await signIn(t, ['Olga', 'Other']);
        expect((await other.agent.get(`/api/profile/public/${await slugOf(rita)}`).expect(200)).body.viewer).toMatchObject({ vouchedByCount: 1, knownCount: 0 });
      });
    });

    describe('GET /api/profile/public/:slug/connection', () => {
      // A chain Ann — Ben — Cal — Dee — Eve over accepted vouches (alternating directions),
      // and a shortcut Ann — Fay — Dee that makes Dee 2° from Ann by two paths.
      let ann: SignedInMember, ben: SignedInMember, cal: SignedInMember, dee: SignedInMember, eve: SignedInMember, fay: SignedInMember;
      beforeAll(async () => {
        const sign = (first: string, last: string) => signIn(t, [first, last]);
        [ann, ben, cal, dee, eve, fay] = [await sign('Ann', 'Alpha'), await sign('Ben', 'Bravo'), await sign('Cal', 'Charlie'), await sign('Dee', 'Delta'), await sign('Eve', 'Echo'), await sign('Fay', 'Foxtrot')];
        await vouchAndAccept(ann, ben);
        await vouchAndAccept(cal, ben);
        await vouchAndAccept(cal, dee);
        await vouchAndAccept(eve, dee);
        await vouchAndAccept(fay, ann);
        await vouchAndAccept(fay, dee);
        await reputationIdle(t.db);
      });

      it('names each link of the shortest path, its trust (the lower reputation of its ends) and the weakest link', async () => {
        const res = await ann.agent.get(`/api/profile/public/${await slugOf(eve)}/connection`).expect(200);
        expect(res.body.degree).toBe(3);
        expect(res.body.people.map((p: { name: string }) => p.name)).toEqual(['Ann Alpha', 'Fay Foxtrot', 'Dee Delta', 'Eve Echo']);
        const scores = await Promise.all([ann, fay, dee, eve].map((m) => reputationOf(m.agent)));
        expect(res.body.people.map((p: { reputationScore: number }) => p.reputationScore)).toEqual(scores);
        const trust = [Math.min(scores[0]!, scores[1]!), Math.min(scores[1]!, scores[2]!), Math.min(scores[2]!, scores[3]!)];
        expect(res.body.links).toEqual([
          { fromId: ann.memberId, toId: fay.memberId, trust: trust[0] },
          { fromId: fay.memberId, toId: dee.memberId, trust: trust[1] },
          { fromId: dee.memberId, toId: eve.memberId, trust: trust[2] },
        ]);
        const weakest = Math.min(...trust);
        expect(res.body.weakestLink).toEqual(res.body.links[trust.indexOf(weakest)]);
      });

      it('a direct connection is one link', async () => {
        const res = await ben.agent.get(`/api/profile/public/${await slugOf(ann)}/connection`).expect(200);
        expect(res.body.degree).toBe(1);
        expect(res.body.people.map((p: { name: string }) => p.name)).toEqual(['Ben Bravo', 'Ann Alpha']);
      });

      it('only accepted vouches connect: no path within 3 hops is a 404 sentence', async () => {
        const far = await signIn(t, ['Finn', 'Far']);
        const farther = await signIn(t, ['Gus', 'Farther']);
        await vouchAndAccept(eve, far);
        await vouchAndAccept(far, farther); // Ann — Fay — Dee — Eve — Finn — Gus: 5 hops
        const lone = await signIn(t, ['Lou', 'Lone']);
        await lone.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: 'Ann Alpha', recipientPhone: ann.phone, reason: 'Pending only', skills: 'Teamwork', characterTraits: null, accomplishments: null })
          .expect(201);
        for (const [target, name] of [
          [farther, 'Gus Farther'],
          [far, 'Finn Far'],
          [lone, 'Lou Lone'],
        ] as const) {
          const res = await ann.agent.get(`/api/profile/public/${await slugOf(target)}/connection`).expect(404);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(res.body.detail).toBe(notConnectedMessage(name));
          // Asked for states (the web app, issue 28): the same sentence as a 200 state, no failed request.
          const state = await ann.agent.get(`/api/profile/public/${await slugOf(target)}/connection?states=true`).expect(200);
          expect(state.body).toEqual({ connected: false, detail: notConnectedMessage(name) });
        }
        expect((await ann.agent.get(`/api/profile/public/${await slugOf(eve)}/connection?states=true`).expect(200)).body.degree).toBeGreaterThan(0);
        const bad = await ann.agent.get(`/api/profile/public/${await slugOf(far)}/connection?states=yes`).expect(400);
        expect(bad.body.detail).toContain('states must be "true" or "false".');
      });

      it("refuses an unknown or private profile (404), one's own (400) and anonymous callers (401)", async () => {
        const quiet = await signIn(t, ['Quinn', 'Quiet']);
        await vouchAndAccept(ann, quiet);
        const quietSlug = await slugOf(quiet);
        await quiet.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
        for (const slug of [quietSlug, 'nobody-here']) {
          const res = await ann.agent.get(`/api/profile/public/${slug}/connection`).expect(404);
          expect(res.body.detail).toBe(PROFILE_MESSAGES.notFound);
        }
        const own = await ann.agent.get(`/api/profile/public/${await slugOf(ann)}/connection`).expect(400);
        expect(own.body.detail).toBe(PROFILE_MESSAGES.ownProfile);
        await t.request.get(`/api/profile/public/${await slugOf(eve)}/connection`).expect(401);
      });
    });

    describe('GET /api/profile/members/:memberId', () => {
      it("answers a member's public profile slug, creating the profile on first need", async () => {
        const nova = await signIn(t, ['Nova', 'New']);
        const viewer = await signIn(t, ['Walt', 'Watcher']);
        const res = await viewer.agent.get(`/api/profile/members/${nova.memberId}`).expect(200);
        expect(res.body).toEqual({ profileSlug: 'nova-new' });
      });

      it('refuses a malformed id (400), an unknown member or a private profile (404) and anonymous callers (401)', async () => {
        const viewer = await signIn(t, ['Wes', 'Watcher']);
        const hidden = await signIn(t, ['Hal', 'Hidden']);
        await hidden.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
        for (const bad of ['abc', '0', '-3', '1.5']) {
          const res = await viewer.agent.get(`/api/profile/members/${bad}`).expect(400);
          expect(res.body.detail).toBe(PROFILE_MESSAGES.memberIdShape);
        }
        for (const id of [hidden.memberId, 99_999_999]) {
          const res = await viewer.agent.get(`/api/profile/members/${id}`).expect(404);
          expect(res.body.detail).toBe(PROFILE_MESSAGES.notFound);
        }
        await t.request.get(`/api/profile/members/${hidden.memberId}`).expect(401);
      });
    });

    it('the OpenAPI document has the new profile paths', async () => {
      const { paths } = (await t.request.get('/api/openapi.json').expect(200)).body;
      expect(paths['/profile/public/{slug}/connection'].get.responses['404']).toBeDefined();
      expect(paths['/profile/members/{memberId}'].get.responses['400']).toBeDefined();
      expect(paths['/profile'].patch.requestBody.content['application/json'].schema.properties.headline).toBeDefined();
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
