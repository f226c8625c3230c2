// Profiles through the real gateway (issue 6): my summary, settings, public profiles and their
// views, the viewer's network counts, reputation written after accepting, and the link-preview
// tags of /profile/:slug, on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import supertest from 'supertest';
import { PROFILE_MESSAGES } from '@vouch/contracts';
import { flushProfileViews } from '@vouch/service-vouches';
import { recomputeReputation, reputationIdle } from '@vouch/service-vouches/worker';
import { settleReputation } from '@vouch/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type Agent, type SignedInMember, type TestContext, useShellBuild } from './support';

const SHELL_INDEX =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content="width=device-width,initial-scale=1">' +
  '<meta name=description content="Vouch: a professional trust network built on personal vouches."><title>Vouch: the professional trust network</title>' +
  '<script defer src=/main.abcdef12.js></script></head><body><div id=root></div></body></html>';

// Many members sign in through the real auth flow; MariaDB and a busy machine need more than 5 s.
jest.setTimeout(60_000);

const user = async (agent: Agent) => (await agent.get('/api/user/profile').expect(200)).body.user;
const summaryOf = async (agent: Agent) => (await agent.get('/api/profile/my-summary').expect(200)).body;

describeEachDatabase(
  'profiles',
  (t: TestContext) => {
    // The first members of the database are the reputation model's genesis seeds.
    let founders: SignedInMember[];
    let jane: SignedInMember;
    let viewer: SignedInMember;
    let janeSlug: string;

    beforeAll(async () => {
      founders = [];
      for (const last of ['One', 'Two', 'Three']) founders.push(await signIn(t, ['Founder', last]));
      jane = await signIn(t, ['Jane', 'Doe']);
      viewer = await signIn(t, ['Victor', 'Viewer']);
      await vouchAndAccept(founders[0]!, jane, { skills: 'Leadership, TypeScript', characterTraits: 'Integrity; mentoring' });
      await vouchAndAccept(founders[1]!, jane, { skills: 'typescript;\n- Leadership.\nPublic speaking', characterTraits: 'integrity' });
      await vouchAndAccept(founders[2]!, jane, { type: 'invite', reason: 'Welcome!' });
      await vouchAndAccept(founders[0]!, viewer, { skills: 'Sales' });
      await reputationIdle(t.db);
      janeSlug = (await summaryOf(jane.agent)).profile.profileSlug;
    });

    describe('GET /api/profile/my-summary', () => {
      it('is 401 without a session', async () => {
        await t.request.get('/api/profile/my-summary').expect(401);
      });

      it('answers { profile, vouches, stats } with a slug from the name, public, and the generated summary', async () => {
        const body = await summaryOf(jane.agent);
        expect(Object.keys(body).sort()).toEqual(['profile', 'stats', 'vouches']);
        expect(Object.keys(body.profile).sort()).toEqual(['createdAt', 'currentSummary', 'customBio', 'headline', 'isPublic', 'profileSlug']);
        expect(body.profile).toMatchObject({ profileSlug: 'jane-doe', isPublic: true, customBio: null });
        expect(body.profile.currentSummary).toBe('Vouched for by 3 people for leadership, TypeScript and public speaking; known for integrity and mentoring.');
        expect(body.stats).toEqual({
          vouchCount: 3,
          recommendationCount: 2,
          invitationCount: 1,
          skillTags: ['Leadership', 'TypeScript', 'Public speaking'],
          traitTags: ['Integrity', 'Mentoring'],
        });
      });

      it('lists the accepted vouches received, most recently accepted first, with the voucher name', async () => {
        const { vouches } = await summaryOf(jane.agent);
        expect(vouches.map((v: { voucherName: string }) => v.voucherName)).toEqual(['Founder Three', 'Founder Two', 'Founder One']);
        expect(Object.keys(vouches[0]).sort()).toEqual(['acceptedAt', 'accomplishments', 'characterTraits', 'id', 'reason', 'skills', 'type', 'voucherName', 'voucherProfileSlug']);
        expect(vouches[0]).toMatchObject({ type: 'invite', reason: 'Welcome!' });
        expect(vouches[2]).toMatchObject({ type: 'recommendation', skills: 'Leadership, TypeScript', characterTraits: 'Integrity; mentoring' });
      });

      it('a member without accepted vouches has a profile with no summary and empty tags', async () => {
        const newcomer = await signIn(t, ['Nora', 'Newcomer']);
        const body = await summaryOf(newcomer.agent);
        expect(body.profile).toMatchObject({ profileSlug: 'nora-newcomer', isPublic: true, currentSummary: null });
        expect(body.vouches).toEqual([]);
        expect(body.stats).toEqual({ vouchCount: 0, recommendationCount: 0, invitationCount: 0, skillTags: [], traitTags: [] });
      });

      it('keeps at most 8 skill tags and 8 trait tags, most frequent first, merging case and spacing', async () => {
        const tagged = await signIn(t, ['Tess', 'Tags']);
        const skills = Array.from({ length: 12 }, (_, i) => `Skill ${i + 1}`).join(', ');
        await vouchAndAccept(founders[0]!, tagged, { skills, characterTraits: 'Kind, calm, brave, bold, wise, fair, warm, keen, loyal, honest' });
        await vouchAndAccept(founders[1]!, tagged, { skills: 'skill   12;SKILL 11', characterTraits: 'honest\nloyal' });
        const { stats } = await summaryOf(tagged.agent);
        expect(stats.skillTags).toEqual(['Skill 11', 'Skill 12', 'Skill 1', 'Skill 2', 'Skill 3', 'Skill 4', 'Skill 5', 'Skill 6']);
        expect(stats.traitTags).toEqual(['Loyal', 'Honest', 'Kind', 'Calm', 'Brave', 'Bold', 'Wise', 'Fair']);
      });
    });

    describe('slugs', () => {
      it('two members named Jane Doe get jane-doe and jane-doe-2, and a slug never changes', async () => {
        const other = await signIn(t, ['Jane', 'Doe']);
        expect((await summaryOf(other.agent)).profile.profileSlug).toBe('jane-doe-2');
        expect((await summaryOf(other.agent)).profile.profileSlug).toBe('jane-doe-2');
        expect((await summaryOf(jane.agent)).profile.profileSlug).toBe('jane-doe');
      });

      it('names are transliterated; a name with no Latin letters gets "member"', async () => {
        const jose = await signIn(t, ['José', 'Núñez']);
        expect((await summaryOf(jose.agent)).profile.profileSlug).toBe('jose-nunez');
        const li = await signIn(t, ['李', '雷']);
        expect((await summaryOf(li.agent)).profile.profileSlug).toMatch(/^member(-\d+)?$/);
      });

      it('concurrent first reads of one member create one profile', async () => {
        const racer = await signIn(t, ['Rita', 'Race']);
        const answers = await Promise.all(Array.from({ length: 5 }, () => racer.agent.get('/api/profile/my-summary')));
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
        expect(new Set(answers.map((a) => a.body.profile.profileSlug))).toEqual(new Set(['rita-race']));
      });
    });

    describe('PATCH /api/profile', () => {
      it('is 401 without a session', async () => {
        await t.request.patch('/api/profile').send({ isPublic: false }).expect(401);
      });

      it('changes the bio (trimmed; blank removes it) and answers { profile, user }', async () => {
        const res = await jane.agent.patch('/api/profile').send({ customBio: '  Engineer in Lisbon.  ' }).expect(200);
        expect(res.body).toEqual({ profile: expect.objectContaining({ profileSlug: 'jane-doe', customBio: 'Engineer in Lisbon.', isPublic: true }), user: { name: 'Jane Doe' } });
        expect((await summaryOf(jane.agent)).profile.customBio).toBe('Engineer in Lisbon.');
        const cleared = await jane.agent.patch('/api/profile').send({ customBio: '   ' }).expect(200);
        expect(cleared.body.profile.customBio).toBeNull();
        await jane.agent.patch('/api/profile').send({ customBio: 'Engineer in Lisbon.' }).expect(200);
      });

      it('refuses a bio over 500 characters, a non-boolean isPublic and unknown fields, with sentences, changing nothing', async () => {
        const long = await jane.agent.patch('/api/profile').send({ customBio: 'x'.repeat(501), isPublic: false }).expect(400);
        expect(long.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(long.body.errors).toEqual([{ field: 'customBio', message: PROFILE_MESSAGES.bioTooLong }]);
        expect(long.body.detail).toBe(PROFILE_MESSAGES.bioTooLong);
        const flag = await jane.agent.patch('/api/profile').send({ isPublic: 'yes' }).expect(400);
        expect(flag.body.errors).toEqual([{ field: 'isPublic', message: PROFILE_MESSAGES.isPublicBoolean }]);
        const unknown = await jane.agent.patch('/api/profile').send({ slug: 'ceo' }).expect(400);
        expect(unknown.body.detail).toBe('Unknown field: slug.');
        expect((await summaryOf(jane.agent)).profile).toMatchObject({ isPublic: true, profileSlug: 'jane-doe', customBio: 'Engineer in Lisbon.' });
        await jane.agent.patch('/api/profile').send({ customBio: 'y'.repeat(500) }).expect(200);
        await jane.agent.patch('/api/profile').send({ customBio: 'Engineer in Lisbon.' }).expect(200);
      });

      it('works before the member has ever read their summary (the profile is created)', async () => {
        const fresh = await signIn(t, ['Pia', 'Private']);
        const res = await fresh.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
        expect(res.body.profile).toMatchObject({ profileSlug: 'pia-private', isPublic: false, customBio: null });
      });
    });

    describe('GET /api/profile/public/:slug', () => {
      it('shows a public profile to anyone: name, year joined, 3 recent vouches naming their vouchers, totals and tags', async () => {
        const res = await t.request.get(`/api/profile/public/${janeSlug}`).expect(200);
        expect(Object.keys(res.body).sort()).toEqual(['profile', 'stats', 'totalVouches', 'user', 'viewer', 'vouches']);
        expect(res.body.user).toEqual({ name: 'Jane Doe', memberSince: new Date().getUTCFullYear() });
        expect(res.body.profile).toMatchObject({ profileSlug: 'jane-doe', isPublic: true, customBio: 'Engineer in Lisbon.' });
        expect(res.body.profile.currentSummary).toMatch(/^Vouched for by 3 people/);
        expect(res.body.vouches).toHaveLength(3);
        expect(Object.keys(res.body.vouches[0]).sort()).toEqual(['acceptedAt', 'accomplishments', 'characterTraits', 'id', 'reason', 'skills', 'type', 'voucherName', 'voucherProfileSlug']);
        expect(res.body.vouches.map((v: { voucherName: string }) => v.voucherName)).toEqual(['Founder Three', 'Founder Two', 'Founder One']);
        // A voucher's profile is linked while it is public (it exists from registration on).
        expect(res.body.vouches[0].voucherProfileSlug).toBe('founder-three');
        expect(res.body.totalVouches).toBe(3);
        expect(res.body.stats).toEqual({ vouchCount: 3, skillTags: ['Leadership', 'TypeScript', 'Public speaking'], traitTags: ['Integrity', 'Mentoring'] });
        expect(res.body.viewer).toBeNull();
        expect(JSON.stringify(res.body)).not.toContain(jane.phone);
      });

      it('shows the 3 most recent of more vouches, and totalVouches for "+ N more"', async () => {
        const popular = await signIn(t, ['Paul', 'Popular']);
        for (const founder of founders) await vouchAndAccept(founder, popular, { skills: `Skill of ${founder.name}` });
        await vouchAndAccept(viewer, popular, { skills: 'Latest' });
        const slug = (await summaryOf(popular.agent)).profile.profileSlug;
        const res = await t.request.get(`/api/profile/public/${slug}`).expect(200);
        expect(res.body.vouches.map((v: { skills: string }) => v.skills)).toEqual(['Latest', 'Skill of Founder Three', 'Skill of Founder Two']);
        expect(res.body.totalVouches).toBe(4);
      });

      it('a private profile and an unknown or malformed slug are the same 404', async () => {
        const pia = await signIn(t, ['Pia', 'Hidden']);
        const slug = (await pia.agent.patch('/api/profile').send({ isPublic: false }).expect(200)).body.profile.profileSlug;
        for (const asked of [slug, 'nobody-here', 'Not%20A%20Slug', 'x'.repeat(200)]) {
          const res = await t.request.get(`/api/profile/public/${asked}`).expect(404);
          expect(res.body.detail).toBe(PROFILE_MESSAGES.notFound);
        }
        // Not even the owner sees it on the public page while it is private.
        await pia.agent.get(`/api/profile/public/${slug}`).expect(404);
        await pia.agent.patch('/api/profile').send({ isPublic: true }).expect(200);
        await t.request.get(`/api/profile/public/${slug}`).expect(200);
      });

      it('finds the profile whatever the case of the slug in the link', async () => {
        await t.request.get('/api/profile/public/Jane-Doe').expect(200);
      });

      it('counts a view for visitors and other members, not for the owner', async () => {
        await flushProfileViews(t.db);
        // Viewers who have not looked today (a view counts once per viewer a day).
        const visitor = await signIn(t, ['Fresh', 'Viewer']);
        const before = (await user(jane.agent)).profileViews;
        await t.request.get(`/api/profile/public/${janeSlug}`).set('User-Agent', 'first-time visitor').expect(200);
        await visitor.agent.get(`/api/profile/public/${janeSlug}`).expect(200);
        await jane.agent.get(`/api/profile/public/${janeSlug}`).expect(200);
        await flushProfileViews(t.db); // views are written a few seconds after the answer
        expect((await user(jane.agent)).profileViews).toBe(before + 2);
      });

      it('tells a signed-in member how many vouched and which of them they know (an accepted vouch either way)', async () => {
        // Vera ← Founder One: she knows one of Jane's three vouchers.
        const vera = await signIn(t, ['Vera', 'Viewer']);
        await vouchAndAccept(founders[0]!, vera);
        const res = await vera.agent.get(`/api/profile/public/${janeSlug}`).expect(200);
        expect(res.body.viewer).toEqual({ isOwner: false, memberId: jane.memberId, vouchedByCount: 3, knownCount: 1, known: [{ id: founders[0]!.memberId, name: 'Founder One' }] });
        // Founder Three vouches for Vera (known once accepted); Vera's pending vouch to Founder Two is not knowing them.
        await vouchAndAccept(founders[2]!, vera);
        await vera.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: 'Founder Two', recipientPhone: founders[1]!.phone, reason: 'Pending', skills: 'Teamwork', characterTraits: null, accomplishments: null })
          .expect(201);
        const again = await vera.agent.get(`/api/profile/public/${janeSlug}`).expect(200);
        expect(again.body.viewer).toMatchObject({ isOwner: false, vouchedByCount: 3, knownCount: 2 });
        expect(again.body.viewer.known.map((k: { name: string }) => k.name)).toEqual(['Founder One', 'Founder Three']);
        const own = await jane.agent.get(`/api/profile/public/${janeSlug}`).expect(200);
        expect(own.body.viewer).toEqual({ isOwner: true, memberId: jane.memberId, vouchedByCount: 3, knownCount: 3, known: expect.any(Array) });
      });
    });

    describe('reputation after accepting', () => {
      it('the recipient of founding members gets a reputation > 0 and connections on their member row', async () => {
        await reputationIdle(t.db);
        const me = await user(jane.agent);
        expect(me.reputationScore).toBeGreaterThan(0);
        expect(me.reputationScore).toBeLessThanOrEqual(100);
        expect(me.connectionsCount).toBe(3);
        expect((await user(founders[0]!.agent)).connectionsCount).toBeGreaterThanOrEqual(2); // Jane and Victor at least
      });

      it('once the founders vouch for one another, their vouches carry trust: vouch and connector scores > 0', async () => {
        const before = await user(jane.agent);
        expect(before.vouchScore).toBe(0); // nobody vouched for the founders yet: their vouches weigh nothing
        await vouchAndAccept(founders[0]!, founders[1]!);
        await vouchAndAccept(founders[1]!, founders[2]!);
        await vouchAndAccept(founders[2]!, founders[0]!);
        await reputationIdle(t.db);
        const after = await user(jane.agent);
        expect(after.vouchScore).toBeGreaterThan(0);
        expect(after.reputationScore).toBeGreaterThan(0);
        expect((await user(founders[0]!.agent)).connectorScore).toBeGreaterThan(0);
      });

      it('a second run with nothing new writes no row', async () => {
        await reputationIdle(t.db);
        const first = await recomputeReputation(t.db);
        const second = await recomputeReputation(t.db);
        expect(second.changed).toBe(0);
        expect(second.members).toBe(first.members);
      });

      it('a burst of accepts is settled by one awaited idle, and counts introduction facts from the provider', async () => {
        const busy = await signIn(t, ['Bea', 'Busy']);
        await Promise.all([vouchAndAccept(founders[0]!, busy), vouchAndAccept(founders[1]!, busy)]);
        await reputationIdle(t.db);
        expect((await user(busy.agent)).connectionsCount).toBe(2);
        await recomputeReputation(t.db, { introductionFacts: async () => [{ memberId: busy.memberId, requestsMade: 3, suggestionsAccepted: 0, introductionsCompleted: 0 }] });
        expect((await user(busy.agent)).socialCapitalBalance).toBeLessThan(0);
        await recomputeReputation(t.db);
        expect((await user(busy.agent)).socialCapitalBalance).toBeGreaterThanOrEqual(0);
      });

      it("the worker's runs count introduction facts: an introduction request spends social capital", async () => {
        const asker = await signIn(t, ['Ava', 'Asker']);
        await vouchAndAccept(founders[0]!, asker);
        await reputationIdle(t.db);
        const before = (await user(asker.agent)).socialCapitalBalance;
        await asker.agent
          .post('/api/introduction-requests')
          .send({ requestType: 'hiring', desiredSkills: 'Rust', reason: 'Building a team', context: null, degreeLevel: 2 })
          .expect(201);
        await vouchAndAccept(founders[1]!, asker); // any accept asks for a run
        await settleReputation(t.db);
        expect((await user(asker.agent)).socialCapitalBalance).toBe(before - 5);
      });

      it('onboarding completes at 15 accepted vouches and stays complete', async () => {
        const hub = await signIn(t, ['Hana', 'Hub']);
        for (let i = 0; i < 14; i += 1) await vouchAndAccept(hub, await signIn(t, ['Peer', `Number${i}`]));
        await reputationIdle(t.db);
        expect((await user(hub.agent)).onboardingComplete).toBe(false);
        await vouchAndAccept(founders[2]!, hub);
        await reputationIdle(t.db);
        expect((await user(hub.agent)).onboardingComplete).toBe(true);
        expect((await user(hub.agent)).connectionsCount).toBe(15);
      });
    });

    describe('the page /profile/:slug as sent by the server', () => {
      const rootDir = useShellBuild(SHELL_INDEX);
      const page = (url: string, env: Record<string, string> = {}) => supertest(t.createApp({ rootDir: rootDir(), env: { ...GENEROUS_AUTH_LIMITS, ...env } })).get(url);

      it('a public profile has its title, description, Open Graph and Twitter tags in the raw HTML', async () => {
        const res = await page(`/profile/${janeSlug}`, { PUBLIC_URL: 'https://vouch.example' });
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        const summary = (await summaryOf(jane.agent)).profile.currentSummary as string;
        expect(res.text).toContain('<title>Jane Doe | Vouch</title>');
        expect(res.text).toContain(`<meta name="description" content="${summary}">`);
        expect(res.text).toContain('<meta property="og:title" content="Jane Doe | Vouch">');
        expect(res.text).toContain(`<meta property="og:description" content="${summary}">`);
        expect(res.text).toContain('<meta property="og:type" content="profile">');
        expect(res.text).toContain('<meta property="og:url" content="https://vouch.example/profile/jane-doe">');
        expect(res.text).toContain('<meta property="og:image" content="https://vouch.example/og-image.png">');
        expect(res.text).toContain('<meta name="twitter:card" content="summary_large_image">');
        expect(res.text).toContain('<meta name="twitter:title" content="Jane Doe | Vouch">');
        expect(res.headers['x-robots-tag']).toBeUndefined();
        expect(res.text).not.toContain('noindex');
        // The shell's own title and description are replaced; its script stays the only one.
        expect(res.text).not.toContain('<title>Vouch: the professional trust network');
        expect(res.text.match(/<script(?! type="application\/json")/g)).toHaveLength(1); // the registry data block is not run
        expect(res.text).toContain('<div id=root></div>');
      });

      it('uses the request origin without PUBLIC_URL and counts no profile view', async () => {
        await flushProfileViews(t.db);
        const before = (await user(jane.agent)).profileViews;
        const res = await page('/profile/jane-doe');
        expect(res.text).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/profile\/jane-doe">/);
        await flushProfileViews(t.db);
        expect((await user(jane.agent)).profileViews).toBe(before);
      });

      it('a private, unknown or malformed profile is a 404 the search engines must not index (the app shows Profile Not Found)', async () => {
        const hidden = await signIn(t, ['Hugo', 'Hidden']);
        const slug = (await hidden.agent.patch('/api/profile').send({ isPublic: false }).expect(200)).body.profile.profileSlug;
        for (const url of [`/profile/${slug}`, '/profile/nobody-here', '/profile/%E0%A4%A', '/profile/a/b']) {
          const res = await page(url);
          expect(res.status).toBe(404);
          expect(res.headers['x-robots-tag']).toBe('noindex');
          expect(res.text).toContain('<title>Page Not Found · Vouch</title>');
          expect(res.text).not.toContain('Hugo');
          expect(res.text).toContain('<div id=root></div>');
        }
      });

      it('escapes a malicious name and vouch text everywhere in the head', async () => {
        const mallory = await signIn(t, ['Mal"lory', 'Smith']);
        // Markup can no longer be typed as a name (issue 26 item 7); one stored before that rule is still escaped.
        await t.db.sequelize.query('UPDATE members SET name = :name WHERE id = :id', { replacements: { name: 'Mal"lory </title><script>alert(1)</script>', id: mallory.memberId } });
        await vouchAndAccept(founders[0]!, mallory, { skills: '"><script>alert(2)</script>', characterTraits: "O'Brien & <b>bold</b>" });
        const slug = (await summaryOf(mallory.agent)).profile.profileSlug;
        const res = await page(`/profile/${slug}`);
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('<script>alert');
        expect(res.text).not.toContain('<b>bold</b>');
        expect(res.text.match(/<script(?! type="application\/json")/g)).toHaveLength(1); // the registry data block is not run
        expect(res.text).toContain('<title>Mal&quot;lory &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Vouch</title>');
        expect(res.text).toContain('O&#39;Brien &amp; &lt;b&gt;bold&lt;/b&gt;');
      });
    });

    it('the OpenAPI document has every profile path', async () => {
      const { paths } = (await t.request.get('/api/openapi.json').expect(200)).body;
      expect(paths['/profile/my-summary'].get).toBeDefined();
      expect(paths['/profile'].patch).toBeDefined();
      expect(paths['/profile/public/{slug}'].get.responses['404']).toBeDefined();
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
