// Issue 28 item 2: profiles a member can reach. A profile exists from registration and a read
// never makes one; a member chooses their profile URL (contracts' rules, 409 when taken, also
// under simultaneous claims); every URL a profile had keeps answering (301 from the page, the
// current slug from the API) and stays its owner's; all vouches page through. On SQLite and
// (with TEST_DATABASE_URL) MariaDB/MySQL.
import supertest from 'supertest';
import { DataTypes } from 'sequelize';
import { PROFILE_MESSAGES, reservedSlugMessage, slugTakenMessage, staffSlugMessage } from '@vouch/contracts';
import { allMigrations } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, walkPages, type Agent, type SignedInMember, type TestContext, useShellBuild } from './support';

jest.setTimeout(120_000);

const SHELL_INDEX = '<!doctype html><html lang=en><head><title>Vouch</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

const slugOf = async (agent: Agent): Promise<string> => (await agent.get('/api/profile/my-summary').expect(200)).body.profile.profileSlug;
const choose = (agent: Agent, profileSlug: unknown) => agent.patch('/api/profile').send({ profileSlug });

describeEachDatabase(
  'profile URLs (issue 28 item 2)',
  (t: TestContext) => {
    const count = async (table: string) => Number(((await t.db.sequelize.query(`SELECT COUNT(*) AS n FROM ${table}`, { type: 'SELECT' })) as { n: number | string }[])[0]!.n);
    const slugsOf = async (memberId: number) =>
      ((await t.db.sequelize.query('SELECT slug FROM profile_slugs WHERE member_id = :memberId ORDER BY id', { replacements: { memberId }, type: 'SELECT' })) as { slug: string }[]).map((r) => r.slug);

    const rootDir = useShellBuild(SHELL_INDEX);
    const page = (url: string) => supertest(t.createApp({ rootDir: rootDir(), env: { ...GENEROUS_AUTH_LIMITS } })).get(url).redirects(0);

    it('registration creates the profile and records its URL; anyone can open it by the URL made from the name', async () => {
      const priya = await signIn(t, ['Priya', 'Patel']);
      const slug = await slugOf(priya.agent);
      expect(slug).toMatch(/^priya-patel(-\d+)?$/);
      expect(await slugsOf(priya.memberId)).toEqual([slug]);
      expect((await t.request.get(`/api/profile/public/${slug}`).expect(200)).body.user.name).toBe('Priya Patel');
      expect((await page(`/profile/${slug}`)).status).toBe(200);
    });

    it('GET /api/profile/members/:id of an unknown member answers 404 and writes nothing', async () => {
      const viewer = await signIn(t, ['Vera', 'Viewer']);
      const [profiles, slugs] = [await count('profiles'), await count('profile_slugs')];
      for (const id of [987_654, 987_655]) {
        const res = await viewer.agent.get(`/api/profile/members/${id}`).expect(404);
        expect(res.body.detail).toBe(PROFILE_MESSAGES.notFound);
      }
      expect([await count('profiles'), await count('profile_slugs')]).toEqual([profiles, slugs]);
    });

    it('a chosen URL follows the rules: length, shape and reserved words are a 400 naming profileSlug; upper case is lowered', async () => {
      const member = await signIn(t, ['Rule', 'Checker']);
      const before = await slugOf(member.agent);
      const refused: [unknown, string][] = [
        ['ab', PROFILE_MESSAGES.slugLength],
        ['a'.repeat(61), PROFILE_MESSAGES.slugLength],
        ['rule_checker', PROFILE_MESSAGES.slugShape],
        ['-rule', PROFILE_MESSAGES.slugShape],
        ['rule--checker', PROFILE_MESSAGES.slugShape],
        ['rulé', PROFILE_MESSAGES.slugShape],
        ['admin', reservedSlugMessage('admin')],
        ['Settings', reservedSlugMessage('settings')],
        [42, PROFILE_MESSAGES.slugText],
      ];
      for (const [value, message] of refused) {
        const res = await choose(member.agent, value).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message, errors: [{ field: 'profileSlug', message }] });
      }
      expect(await slugOf(member.agent)).toBe(before);
      const ok = await choose(member.agent, '  Rule-Checker-2026 ').expect(200);
      expect(ok.body.profile.profileSlug).toBe('rule-checker-2026');
      expect(await slugsOf(member.memberId)).toEqual([before, 'rule-checker-2026']);
    });

    it('a rename keeps the URL; a chosen one replaces it; every earlier URL answers with the current slug and the page 301s to it', async () => {
      const sam = await signIn(t, ['Samantha', 'Rivera']);
      const first = await slugOf(sam.agent);
      const renamed = await sam.agent.patch('/api/profile').send({ firstName: 'Samantha', lastName: 'Rivera-Lopez' }).expect(200);
      expect(renamed.body).toMatchObject({ user: { name: 'Samantha Rivera-Lopez' }, profile: { profileSlug: first } });
      const chosen = `sam-rivera-lopez-${sam.memberId}`;
      await choose(sam.agent, chosen).expect(200);
      const third = `samantha-${sam.memberId}`;
      await choose(sam.agent, third).expect(200);

      for (const old of [first, chosen]) {
        expect((await t.request.get(`/api/profile/public/${old}`).expect(200)).body.profile.profileSlug).toBe(third);
        const res = await page(`/profile/${old}?utm_source=card`);
        expect(res.status).toBe(301);
        expect(res.headers.location).toBe(`/profile/${third}?utm_source=card`);
      }
      expect((await page(`/profile/${third}`)).status).toBe(200);
      expect((await page(`/profile/${third.toUpperCase()}`)).headers.location).toBe(`/profile/${third}`);

      // Back to an earlier URL: it is still hers, and the others now lead there.
      await choose(sam.agent, first).expect(200);
      expect((await page(`/profile/${third}`)).headers.location).toBe(`/profile/${first}`);
      expect(await slugsOf(sam.memberId)).toEqual([first, chosen, third]);

      // Private: every URL of hers is the same 404 as an unknown one.
      await sam.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
      for (const slug of [first, chosen, third]) {
        await t.request.get(`/api/profile/public/${slug}`).expect(404);
        expect((await page(`/profile/${slug}`)).status).toBe(404);
      }
    });

    it('a URL another member has, or had, is a 409 PROFILE_URL_TAKEN that changes nothing; a new member named alike gets a free one', async () => {
      const ann = await signIn(t, ['Ann', 'Owner']);
      const bob = await signIn(t, ['Bob', 'Other']);
      const annFirst = await slugOf(ann.agent);
      const bobFirst = await slugOf(bob.agent);
      const taken = await bob.agent.patch('/api/profile').send({ profileSlug: annFirst, headline: 'Should not stay' }).expect(409);
      expect(taken.body).toMatchObject({ code: 'PROFILE_URL_TAKEN', detail: slugTakenMessage(annFirst), errors: [{ field: 'profileSlug', message: slugTakenMessage(annFirst) }] });
      const bobNow = (await bob.agent.get('/api/profile/my-summary').expect(200)).body.profile;
      expect(bobNow).toMatchObject({ profileSlug: bobFirst, headline: null });

      // Ann leaves her first URL: it stays hers (it still leads to her), nobody else may take it.
      await choose(ann.agent, `ann-${ann.memberId}`).expect(200);
      await choose(bob.agent, annFirst).expect(409);
      expect((await t.request.get(`/api/profile/public/${annFirst}`).expect(200)).body.user.name).toBe('Ann Owner');
      // Choosing the URL one has is no change.
      await choose(bob.agent, bobFirst).expect(200);
      expect(await slugsOf(bob.memberId)).toEqual([bobFirst]);

      // A new "Ann Owner" never gets the released URL.
      const other = await signIn(t, ['Ann', 'Owner']);
      const otherSlug = await slugOf(other.agent);
      expect(otherSlug).not.toBe(annFirst);
      expect(otherSlug).toMatch(/^ann-owner-\d+$/);
    });

    it('many members claiming one URL at once: exactly one gets it, every other a 409', async () => {
      const members: SignedInMember[] = [];
      for (let i = 0; i < 12; i += 1) members.push(await signIn(t, ['Claim', `Racer${String.fromCharCode(97 + i)}`]));
      const wanted = `the-one-url-${members[0]!.memberId}`;
      const answers = await Promise.all(members.map((m) => choose(m.agent, wanted)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array<number>(11).fill(409)]);
      for (const r of answers.filter((a) => a.status === 409)) expect(r.body.code).toBe('PROFILE_URL_TAKEN');
      const owners = (await t.db.sequelize.query('SELECT member_id FROM profiles WHERE slug = :wanted', { replacements: { wanted }, type: 'SELECT' })) as { member_id: number }[];
      expect(owners).toHaveLength(1);
      const winner = members[answers.findIndex((r) => r.status === 200)]!;
      expect(Number(owners[0]!.member_id)).toBe(winner.memberId);
      expect((await t.request.get(`/api/profile/public/${wanted}`).expect(200)).body.user.name).toBe(winner.name);
    });

    it('"+ N more vouches": 45 accepted vouches page through with no gap or duplicate, in the order of the first three', async () => {
      const star = await signIn(t, ['Star', 'Recipient']);
      const vouchers = [await signIn(t, ['Vee', 'One']), await signIn(t, ['Vee', 'Two']), await signIn(t, ['Vee', 'Three'])];
      // Fixture rows: 45 accepted vouches, several accepted at the same instant (the id decides).
      const base = Date.UTC(2026, 0, 1);
      const rows = Array.from({ length: 45 }, (_, i) => {
        const at = new Date(base + Math.floor(i / 3) * 60_000);
        return {
          type: 'recommendation',
          status: 'accepted',
          token: `profile-urls-${star.memberId}-${i}`,
          voucher_id: vouchers[i % 3]!.memberId,
          recipient_name: star.name,
          recipient_phone: star.phone,
          recipient_id: star.memberId,
          reason: `Vouch number ${i}`,
          skills: 'Paging',
          created_at: at,
          accepted_at: at,
          responded_at: at,
          expires_at: at,
          updated_at: at,
        };
      });
      await t.db.sequelize.getQueryInterface().bulkInsert('vouches', rows);
      const slug = await slugOf(star.agent);
      const profile = (await t.request.get(`/api/profile/public/${slug}`).expect(200)).body;
      expect(profile.totalVouches).toBe(45);

      const { ids, pages } = await walkPages(star.agent, `/api/profile/public/${slug}/vouches`);
      expect(pages.map((p) => p.length)).toEqual([20, 20, 5]);
      expect(new Set(ids).size).toBe(45);
      expect(ids.slice(0, 3)).toEqual(profile.vouches.map((v: { id: number }) => v.id));
      const small = await walkPages(t.request as unknown as Agent, `/api/profile/public/${slug}/vouches?limit=7`);
      expect(small.ids).toEqual(ids);
      const all = (await t.request.get(`/api/profile/public/${slug}/vouches?limit=100`).expect(200)).body as { id: number; acceptedAt: string; voucherName: string }[];
      expect(all.map((v) => v.id)).toEqual(ids);
      for (let i = 1; i < all.length; i += 1) {
        const [a, b] = [Date.parse(all[i - 1]!.acceptedAt), Date.parse(all[i]!.acceptedAt)];
        expect(a > b || (a === b && all[i - 1]!.id > all[i]!.id)).toBe(true);
      }
      expect(new Set(all.map((v) => v.voucherName))).toEqual(new Set(['Vee One', 'Vee Two', 'Vee Three']));

      await t.request.get(`/api/profile/public/${slug}/vouches?cursor=nonsense`).expect(400);
      await t.request.get('/api/profile/public/nobody-has-this-url/vouches').expect(404);
      await star.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
      await t.request.get(`/api/profile/public/${slug}/vouches`).expect(404);
    });

    it("deleting the account releases the member's URLs: 410, and nobody's for a year (issue 43)", async () => {
      const gone = await signIn(t, ['Gone', 'Member']);
      const first = await slugOf(gone.agent);
      const mine = `gone-${gone.memberId}`;
      await choose(gone.agent, mine).expect(200);
      await gone.agent.delete('/api/account').expect(204);
      expect(await slugsOf(gone.memberId)).toEqual([]);
      for (const slug of [mine, first]) {
        const res = await t.request.get(`/api/profile/public/${slug}`).expect(410);
        expect(res.body).toMatchObject({ code: 'PROFILE_URL_RELEASED', detail: PROFILE_MESSAGES.released });
        const html = await page(`/profile/${slug}`).expect(410);
        expect(html.headers['x-robots-tag']).toMatch(/noindex/);
      }
      // Their old links never open someone else's profile: the URL cannot be chosen, nor made from a name.
      const newcomer = await signIn(t, ['Gone', 'Member']);
      expect(await slugOf(newcomer.agent)).not.toBe(first);
      const taken = await choose(newcomer.agent, mine).expect(409);
      expect(taken.body).toMatchObject({ code: 'PROFILE_URL_TAKEN', detail: slugTakenMessage(mine) });
      // A year later the URL is free again: unknown (404), then anyone's.
      await t.db.sequelize.query('UPDATE released_profile_slugs SET released_at = :then WHERE slug = :slug', { replacements: { then: new Date(Date.now() - 366 * 24 * 3600_000), slug: mine } });
      await t.request.get(`/api/profile/public/${mine}`).expect(404);
      await choose(newcomer.agent, mine).expect(200);
      expect((await t.request.get(`/api/profile/public/${mine}`).expect(200)).body.user.name).toBe('Gone Member');
    });

    it("the migration records every existing profile's slug (last: it rebuilds the table)", async () => {
      const migration = allMigrations.find((m) => m.name === '202611290000-vouches-profile-slugs')!;
      const current = async () =>
        ((await t.db.sequelize.query('SELECT member_id, slug FROM profiles ORDER BY member_id', { type: 'SELECT' })) as { member_id: number | string; slug: string }[]).map((r) => `${Number(r.member_id)} ${r.slug}`);
      const recorded = async () =>
        ((await t.db.sequelize.query('SELECT member_id, slug FROM profile_slugs ORDER BY member_id', { type: 'SELECT' })) as { member_id: number | string; slug: string }[]).map((r) => `${Number(r.member_id)} ${r.slug}`);
      const profiles = await current();
      expect(profiles.length).toBeGreaterThan(20);
      await t.db.sequelize.getQueryInterface().dropTable('profile_slugs');
      await migration.up({ queryInterface: t.db.sequelize.getQueryInterface(), sequelize: t.db.sequelize, dialect: t.db.dialect });
      expect(await recorded()).toEqual(profiles);
      // The column a later migration added to the table (202612050100-vouches-profile-url-rules).
      await t.db.sequelize.getQueryInterface().addColumn('profile_slugs', 'chosen', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
      // Slugs stay reserved from then on: a member named like one gets the next number.
      const again = await signIn(t, ['Priya', 'Patel']);
      expect(await slugOf(again.agent)).toMatch(/^priya-patel-\d+$/);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);

describeEachDatabase(
  'profile URLs a member cannot hoard or hand on (issue 43 item 3)',
  (t: TestContext) => {
    const YEAR_AND_A_DAY = 366 * 24 * 3600_000;
    /** Moves the member's URLs a year and a day back in time, keeping their order. */
    const ageUrls = async (memberId: number) => {
      const rows = (await t.db.sequelize.query('SELECT id, created_at AS createdAt FROM profile_slugs WHERE member_id = :memberId', { replacements: { memberId }, type: 'SELECT' })) as { id: number; createdAt: string | Date }[];
      for (const row of rows) {
        const at = new Date(typeof row.createdAt === 'string' ? row.createdAt.replace(' ', 'T').replace(' +00:00', 'Z') : row.createdAt);
        await t.db.sequelize.query('UPDATE profile_slugs SET created_at = :then WHERE id = :id', { replacements: { then: new Date(at.getTime() - YEAR_AND_A_DAY), id: row.id } });
      }
    };

    it("refuses the product's name and staff words, look-alikes included, with a 400 sentence", async () => {
      const member = await signIn(t, ['Sam', 'Tester']);
      for (const slug of ['vouch-support', 'vouch-official', 'support-team', 'adm1n', 'v0uch', 'vouchhq', 'team']) {
        const res = await choose(member.agent, slug).expect(400);
        const message = slug === 'team' ? reservedSlugMessage('team') : staffSlugMessage(slug);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message, errors: [{ field: 'profileSlug', message }] });
      }
    });

    it('5 new URLs a year: the 6th is a 429 saying when the next is possible; going back to an earlier one is free', async () => {
      const member = await signIn(t, ['Hoarder', 'Five']);
      const first = await slugOf(member.agent);
      for (let i = 1; i <= 5; i += 1) await choose(member.agent, `hoard-${member.memberId}-${i}`).expect(200);
      const refused = await choose(member.agent, `hoard-${member.memberId}-6`).expect(429);
      expect(refused.body).toMatchObject({ code: 'PROFILE_URL_CHANGES_USED', errors: [{ field: 'profileSlug', message: refused.body.detail }] });
      expect(refused.body.detail).toMatch(/^You can choose a new profile URL 5 times a year, and you have: the next is possible on \d{4}-\d{2}-\d{2}\./);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(364 * 24 * 3600);
      expect(await slugOf(member.agent)).toBe(`hoard-${member.memberId}-5`);
      // Nothing was claimed by the refusal; one's own earlier URLs cost nothing.
      await t.request.get(`/api/profile/public/hoard-${member.memberId}-6`).expect(404);
      await choose(member.agent, first).expect(200);
      await choose(member.agent, `hoard-${member.memberId}-2`).expect(200);
      // A year on, the member may choose new ones again.
      await ageUrls(member.memberId);
      await choose(member.agent, `hoard-${member.memberId}-6`).expect(200);
    });

    it('the last 10 earlier URLs keep leading to the profile; older ones are let go: 410, and no one may take them', async () => {
      const member = await signIn(t, ['Keeper', 'Ten']);
      const first = await slugOf(member.agent);
      const chosen: string[] = [];
      for (let i = 1; i <= 11; i += 1) {
        const slug = `kept-${member.memberId}-${i}`;
        await choose(member.agent, slug).expect(200);
        chosen.push(slug);
        if (i % 5 === 0) await ageUrls(member.memberId); // stay within the yearly bound
      }
      const current = chosen.at(-1)!;
      // Earlier URLs: the first plus 10 chosen = 11; the oldest (the one made at registration) is let go.
      const let_go = await t.request.get(`/api/profile/public/${first}`).expect(410);
      expect(let_go.body.code).toBe('PROFILE_URL_RELEASED');
      for (const slug of chosen.slice(0, -1)) expect((await t.request.get(`/api/profile/public/${slug}`).expect(200)).body.profile.profileSlug).toBe(current);
      const other = await signIn(t, ['Other', 'Member']);
      await choose(other.agent, first).expect(409);
      // The member cannot take it back either while it is held: it is no longer theirs.
      await choose(member.agent, first).expect(409);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
