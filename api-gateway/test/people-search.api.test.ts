// People search (issue 28 item 3) through the real gateway, on SQLite and (with TEST_DATABASE_URL)
// MariaDB: GET /api/people/search (scope by plan, public-only people, ranking, paths, paging, bad
// queries, nobody outside the scope) and GET /api/network/second-degree (every 2° person, filtered).
import { PEOPLE_SEARCH_MESSAGES, type PersonSearchResult, type SecondDegreeConnection } from '@vouch/contracts';
import { refillPeopleSearch } from '@vouch/service-vouches/testing';
import { backfillPeopleSearch } from '@vouch/service-vouches/worker';
import { describeEachDatabase, signIn, vouchAndAccept, type Agent, type SignedInMember, type TestContext } from './support';

jest.setTimeout(90_000);

type Name = 'Sam' | 'Priya' | 'Rusty' | 'Tara' | 'Uma' | 'Quinn' | 'Belt' | 'Far' | 'Hidden';

/** Follows rel="next" from `path`; every page's bodies in order. */
async function pages<T>(agent: Agent, path: string): Promise<T[][]> {
  const out: T[][] = [];
  for (let next: string | null = path; next; ) {
    const res = await agent.get(next).expect(200);
    out.push(res.body as T[]);
    const link = res.headers.link as string | undefined;
    next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    if (out.length > 20) throw new Error('paging does not end');
  }
  return out;
}

describeEachDatabase('people search', (t: TestContext) => {
  const m = {} as Record<Name, SignedInMember>;
  const search = async (who: Name, q: string) => (await m[who].agent.get(`/api/people/search?q=${encodeURIComponent(q)}`).expect(200)).body as PersonSearchResult[];
  const names = (rows: { name: string }[]) => rows.map((r) => r.name);

  //  Sam ── Priya ── Rusty ── Quinn (public), Belt (private)       accepted vouches
  //          Priya ── Tara, Uma                                    (Sam's 2°)
  //  Far Rustin: nobody's connection, public · Hidden Rusty: nobody's connection, private
  beforeAll(async () => {
    const people: Record<Name, [string, string]> = {
      Sam: ['Sam', 'Searcher'],
      Priya: ['Priya', 'Patel'],
      Rusty: ['Rusty', 'Nail'],
      Tara: ['Tara', 'Two'],
      Uma: ['Uma', 'Two'],
      Quinn: ['Quinn', 'Rust'],
      Belt: ['Rustbelt', 'Private'],
      Far: ['Rustin', 'Far'],
      Hidden: ['Rusty', 'Hidden'],
    };
    for (const [key, name] of Object.entries(people)) m[key as Name] = await signIn(t, name);
    await vouchAndAccept(m.Sam, m.Priya, { skills: 'Rust, Go' });
    await m.Priya.agent.patch('/api/profile').send({ headline: 'Staff Engineer at Acme' }).expect(200);
    await vouchAndAccept(m.Priya, m.Rusty, { skills: 'Design' });
    await vouchAndAccept(m.Priya, m.Tara);
    await vouchAndAccept(m.Uma, m.Priya);
    await vouchAndAccept(m.Rusty, m.Quinn);
    await vouchAndAccept(m.Belt, m.Rusty);
    for (const who of ['Belt', 'Hidden'] as Name[]) await m[who].agent.patch('/api/profile').send({ isPublic: false }).expect(200);
  });

  it('on Network Builder (2°): 1°, 2°, then public profiles further away; no private one beyond 2°', async () => {
    const rows = await search('Sam', 'rust');
    expect(names(rows)).toEqual(['Priya Patel', 'Rusty Nail', 'Quinn Rust', 'Rustin Far']);
    expect(rows.map((r) => [r.degree, r.path])).toEqual([
      [1, null],
      [2, 'via Priya Patel'],
      [null, null],
      [null, null],
    ]);
    expect(rows[0]).toMatchObject({ memberId: m.Priya.memberId, headline: 'Staff Engineer at Acme', profileUrl: expect.stringMatching(/^\/profile\/priya-patel/) });
  });

  it('on a 3° plan: 3° people with their chain, private ones too, before public-only; the nearest, then the best match first', async () => {
    await m.Sam.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
    const rows = await search('Sam', 'rust');
    expect(rows.map((r) => [r.name, r.degree, r.path])).toEqual([
      ['Priya Patel', 1, null],
      ['Rusty Nail', 2, 'via Priya Patel'],
      // A whole word of the name ("Rust") before a beginning ("Rustbelt").
      ['Quinn Rust', 3, 'via Priya Patel → Rusty Nail'],
      ['Rustbelt Private', 3, 'via Priya Patel → Rusty Nail'],
      ['Rustin Far', null, null],
    ]);
    // A private profile is opened by member id (the signed-in page), a public one by slug.
    expect(rows[3]!.profileUrl).toBe(`/members/${m.Belt.memberId}`);
    expect(rows.some((r) => r.name === 'Rusty Hidden' || r.memberId === m.Sam.memberId)).toBe(false);
  });

  it('filters by degree, and says which of their words each query word matched', async () => {
    const at = async (degree: string) => (await m.Sam.agent.get(`/api/people/search?q=rust&degree=${degree}`).expect(200)).body as PersonSearchResult[];
    expect(names(await at('1'))).toEqual(['Priya Patel']);
    expect(names(await at('2'))).toEqual(['Rusty Nail']);
    // No public-only person under a degree filter.
    expect(names(await at('3'))).toEqual(['Quinn Rust', 'Rustbelt Private']);
    const [priya] = await search('Sam', 'rust eng');
    expect(priya).toMatchObject({ name: 'Priya Patel', matched: [{ field: 'skill', word: 'rust' }, { field: 'headline', word: 'engineer' }] });
    // A name before a skill; a whole word before a beginning; each word of theirs once.
    const [rusty] = await search('Sam', 'rusty ru');
    expect(rusty).toMatchObject({ name: 'Rusty Nail', matched: [{ field: 'name', word: 'rusty' }] });
    const [belt] = await m.Sam.agent.get('/api/people/search?q=rustb&degree=3').expect(200).then((res) => res.body as PersonSearchResult[]);
    expect(belt).toMatchObject({ name: 'Rustbelt Private', matched: [{ field: 'name', word: 'rustbelt' }] });
  });

  it("refuses a degree that is not 1, 2 or 3, and one beyond the plan's reach, with a sentence", async () => {
    for (const degree of ['0', '4', 'two', '']) {
      const res = await m.Priya.agent.get(`/api/people/search?q=rust&degree=${degree}`).expect(400);
      expect(res.body.detail).toBe(PEOPLE_SEARCH_MESSAGES.badDegree);
    }
    const res = await m.Priya.agent.get('/api/people/search?q=rust&degree=3').expect(403);
    expect(res.body).toMatchObject({ code: 'PLAN_TIER', detail: 'Your Network Builder plan reaches people up to 2nd degree. Upgrade to search 3rd degree connections.' });
    expect(names((await m.Priya.agent.get('/api/people/search?q=rust&degree=2').expect(200)).body)).toEqual(['Quinn Rust', 'Rustbelt Private']);
  });

  it('never shows a private member outside the scope, whatever the words', async () => {
    for (const q of ['rusty', 'hidden', 'rusty hidden', 'ru']) expect((await search('Sam', q)).map((r) => r.memberId)).not.toContain(m.Hidden.memberId);
    // Nor does anyone find Sam through the words of another member's private profile.
    expect(names(await search('Far', 'rustbelt'))).toEqual([]);
  });

  it('matches the beginnings of words of the name, the skills and the headline, every word, case and accents ignored', async () => {
    expect(names(await search('Sam', 'ACME'))).toEqual(['Priya Patel']);
    expect(names(await search('Sam', 'staff eng'))).toEqual(['Priya Patel']);
    expect(names(await search('Sam', 'Príya  pat'))).toEqual(['Priya Patel']);
    expect(names(await search('Sam', 'design'))).toEqual(['Rusty Nail']);
    expect(names(await search('Sam', 'priya rusty'))).toEqual([]);
    expect(names(await search('Sam', 'atel'))).toEqual([]);
  });

  it('follows a new name, headline and visibility at once', async () => {
    await m.Far.agent.patch('/api/profile').send({ firstName: 'Rowan', lastName: 'Farley', headline: 'Baker' }).expect(200);
    expect(names(await search('Sam', 'rowan bak'))).toEqual(['Rowan Farley']);
    expect(names(await search('Sam', 'rustin'))).toEqual([]);
    await m.Far.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
    expect(names(await search('Sam', 'rowan'))).toEqual([]);
  });

  it('pages through the ranking with Link rel="next"', async () => {
    const all = await pages<PersonSearchResult>(m.Sam.agent, '/api/people/search?q=ru&limit=2');
    expect(all.map(names)).toEqual([['Priya Patel', 'Rusty Nail'], ['Quinn Rust', 'Rustbelt Private']]);
  });

  it('refuses a query shorter than 2 characters, without letters or digits, and bad pages, with a sentence', async () => {
    for (const [path, detail] of [
      ['/api/people/search?q=a', PEOPLE_SEARCH_MESSAGES.tooShort],
      ['/api/people/search', PEOPLE_SEARCH_MESSAGES.tooShort],
      ['/api/people/search?q=%20%20r%20', PEOPLE_SEARCH_MESSAGES.tooShort],
      ['/api/people/search?q=!!', PEOPLE_SEARCH_MESSAGES.noWords],
      [`/api/people/search?q=${'a'.repeat(101)}`, PEOPLE_SEARCH_MESSAGES.tooLong],
      ['/api/people/search?q=ru&limit=51', 'The limit must be a whole number from 1 to 50.'],
      ['/api/people/search?q=ru&cursor=nonsense', 'The cursor is not one this list gave out: start again without it.'],
    ]) {
      const res = await m.Sam.agent.get(path!);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toBe(detail);
    }
    await t.request.get('/api/people/search?q=rust').expect(401);
  });

  it('simultaneous edits and accepts leave the index as the last committed state says', async () => {
    const headlines = Array.from({ length: 8 }, (_, i) => `Maker ${String.fromCharCode(97 + i)}word`);
    const extra = await Promise.all([signIn(t, ['Vic', 'Voucher']), signIn(t, ['Wes', 'Voucher'])]);
    await Promise.all([
      ...headlines.map((headline) => m.Uma.agent.patch('/api/profile').send({ headline }).expect(200)),
      ...extra.map((voucher, i) => vouchAndAccept(voucher, m.Uma, { skills: `Pottery${i}` })),
    ]);
    const profile = (await m.Uma.agent.get('/api/profile/my-summary').expect(200)).body as { profile?: { headline?: string } };
    const final = profile.profile?.headline ?? '';
    expect(headlines).toContain(final);
    const found = (q: string) => search('Sam', q).then((rows) => rows.map((r) => r.memberId));
    expect(await found(final)).toEqual([m.Uma.memberId]);
    for (const other of headlines.filter((h) => h !== final)) expect(await found(other)).toEqual([]);
    expect(await found('pottery0')).toEqual([m.Uma.memberId]);
    expect(await found('pottery1')).toEqual([m.Uma.memberId]);
  });

  it('keeps the index as a rebuild from scratch would make it, through registration, edits, accepts and an account deletion', async () => {
    await m.Hidden.agent.delete('/api/account').expect(204);
    const rows = async () =>
      ((await t.db.sequelize.query('SELECT word, member_id, field, is_public FROM people_search_words ORDER BY member_id, field, word'))[0] as Record<string, unknown>[]).map((r) =>
        [r.word, Number(r.member_id), Number(r.field), Number(r.is_public)].join(' '),
      );
    const kept = await rows();
    expect(kept.filter((r) => r.split(' ')[1] === String(m.Hidden.memberId))).toEqual([]);
    expect(kept).toContain(`acme ${m.Priya.memberId} 3 1`);
    expect(kept).toContain(`rust ${m.Priya.memberId} 2 1`);
    await refillPeopleSearch(t.db);
    expect(await rows()).toEqual(kept);
  });

  it("the worker's backfill indexes members from before the index, beside profile edits of the same members", async () => {
    const rows = async () =>
      ((await t.db.sequelize.query('SELECT word, member_id, field, is_public FROM people_search_words ORDER BY member_id, field, word'))[0] as Record<string, unknown>[]).map((r) =>
        [r.word, Number(r.member_id), Number(r.field), Number(r.is_public)].join(' '),
      );
    // A database from before the index: members and profiles, no words.
    await t.db.sequelize.query('DELETE FROM people_search_words');
    expect(await search('Sam', 'rust')).toEqual([]);
    const editors: Name[] = ['Priya', 'Rusty', 'Tara', 'Uma', 'Quinn'];
    const [backfill] = await Promise.all([
      backfillPeopleSearch(t.db, { batchSize: 2 }),
      ...editors.map((who, i) => m[who].agent.patch('/api/profile').send({ headline: `Potter number ${i}` }).expect(200)),
    ]);
    expect(backfill.members).toBeGreaterThanOrEqual(Object.keys(m).length - 1 - editors.length);
    expect((await backfillPeopleSearch(t.db)).members).toBe(0);
    const kept = await rows();
    await refillPeopleSearch(t.db);
    expect(kept).toEqual(await rows());
    expect(names(await search('Sam', 'potter 3'))).toEqual(['Uma Two']);
    expect(names(await search('Sam', 'rust')).slice(0, 2)).toEqual(['Priya Patel', 'Rusty Nail']);
  });

  describe('GET /api/network/second-degree', () => {
    it('pages through every 2° person, most shared 1° first, and filters them', async () => {
      const all = await pages<SecondDegreeConnection>(m.Sam.agent, '/api/network/second-degree?limit=2');
      expect(all.flat().map((r) => r.name).sort()).toEqual(['Rusty Nail', 'Tara Two', 'Uma Two']);
      expect(all.map((p) => p.length)).toEqual([2, 1]);
      expect(all.flat().every((r) => r.connectedThrough === 'Priya Patel' && r.sharedConnections === 1)).toBe(true);
      const two = (await m.Sam.agent.get('/api/network/second-degree?q=two').expect(200)).body as SecondDegreeConnection[];
      expect(names(two)).toEqual(['Tara Two', 'Uma Two']);
      expect((await m.Sam.agent.get('/api/network/second-degree?q=quinn').expect(200)).body).toEqual([]);
    });
  });
},
  // Sam searches more than 30 times a minute here; the per-member limit has its own test (security-expensive-reads).
  { env: { EXPENSIVE_READS_PER_MINUTE: '0' } },
);
