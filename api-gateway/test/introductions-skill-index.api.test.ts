// The skill index in the database (SQLite and, with TEST_DATABASE_URL, MariaDB/MySQL): the
// matcher's postings, written in the transaction that accepts a vouch, are exactly the
// in-memory index of everyone's accepted vouches; my-matches sees an accept at once; an account
// deletion takes its document away; the backfill builds what a database had before the index.
import { acceptedVouchesFor } from '@vouch/service-vouches';
import { backfillSkillIndex, skillCorpus, skillPostings } from '@vouch/service-vouches/skill-index';
import { memoryMatchData, type Candidate } from '@vouch/service-introductions/testing';
import { QueryTypes } from 'sequelize';
import { allMigrations } from '../src/services';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

describeEachDatabase(
  'introductions: the skill index in the database',
  (t: TestContext) => {
    const m = {} as Record<'R' | 'A' | 'B' | 'C' | 'D', SignedInMember>;
    let requestId: number;
    const TERMS = ['typescript', 'react', 'product', 'management', 'cook', 'trusted', 'api', 'design', 'rust', 'go', 'security', 'nobody'];

    const matchNames = async (agent: SignedInMember['agent']) => {
      const res = await agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(200);
      return [...res.body.perfect, ...res.body.strong, ...res.body.potential, ...res.body.other].map((x: { name: string }) => x.name).sort();
    };

    /** What the database holds equals the index built in memory from every member's accepted vouches. */
    async function expectIndexMatchesVouches(memberIds: number[]) {
      const vouches = await acceptedVouchesFor(t.db, memberIds);
      const candidates: Candidate[] = memberIds.map((id) => ({
        memberId: id,
        name: '',
        degree: 1,
        reputationScore: 0,
        vouches: vouches.filter((v) => v.recipientId === id).map((v) => ({ ...v, vouchId: v.id, voucherName: '', voucherDegree: null })),
      }));
      const memory = memoryMatchData(candidates);
      const corpus = await skillCorpus(t.db, TERMS);
      expect(corpus.documents).toBe(memory.corpus.documents);
      corpus.averageLengths.forEach((avg, i) => expect(avg).toBeCloseTo(memory.corpus.averageLengths[i]!, 10));
      expect(Object.fromEntries(corpus.termDocuments)).toEqual(Object.fromEntries(TERMS.filter((term) => memory.corpus.termDocuments.has(term)).map((term) => [term, memory.corpus.termDocuments.get(term)])));
      const stored = (await skillPostings(t.db, corpus.termDocuments, memberIds)).toMap();
      const expected = new Map(
        [...memory.postings.toMap()]
          .map(([id, p]) => [id, { lengths: p.lengths, terms: new Map([...p.terms].filter(([term]) => TERMS.includes(term))) }] as const)
          .filter(([, p]) => p.terms.size > 0),
      );
      expect(stored).toEqual(expected);
    }
    const everyone = () => Object.values(m).map((x) => x.memberId);

    beforeAll(async () => {
      m.R = await signIn(t, ['Rita', 'Requester']);
      m.A = await signIn(t, ['Ana', 'Ruiz']);
      m.B = await signIn(t, ['Ben', 'Lee']);
      m.C = await signIn(t, ['Cy', 'Park']);
      m.D = await signIn(t, ['Dee', 'Shah']);
      await vouchAndAccept(m.R, m.A, { skills: 'Product management', reason: 'Trusted' });
      await vouchAndAccept(m.A, m.B, { skills: 'TypeScript', accomplishments: 'API design for payments', reason: 'Trusted' });
      await vouchAndAccept(m.B, m.C, { skills: 'Cooking' });
      await vouchAndAccept(m.D, m.B, { skills: 'TypeScript, React', characterTraits: 'Calm' });
      requestId = (await m.R.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'Team', degreeLevel: 2 }).expect(201)).body.id;
    });

    it('holds, after each accept, exactly the in-memory index of everyone\'s accepted vouches', async () => {
      await expectIndexMatchesVouches(everyone());
    });

    it('reads the postings of a reach longer than one read (999 ids) whole, whatever ids it holds', async () => {
      const { termDocuments } = await skillCorpus(t.db, TERMS);
      const far = Array.from({ length: 2500 }, (_, i) => 1_000_000 + i);
      const reach = [...far.slice(0, 1200), ...everyone().slice(0, 2), ...far.slice(1200), ...everyone().slice(2)];
      expect((await skillPostings(t.db, termDocuments, reach)).toMap()).toEqual((await skillPostings(t.db, termDocuments, everyone())).toMap());
      expect((await skillPostings(t.db, termDocuments, reach)).size).toBeGreaterThan(0);
    });

    it('reads the same postings whether a term\'s holders are read whole or each person within reach is looked up', async () => {
      // The document counts choose the read (planPostingReads): none holds → whole; everyone → looked up.
      const { termDocuments } = await skillCorpus(t.db, TERMS);
      const counted = (documents: number) => new Map([...termDocuments].map(([term, counts]) => [term, { ...counts, documents }]));
      const far = Array.from({ length: 1500 }, (_, i) => 2_000_000 + i);
      // Everyone but Ben: Ana and Cy hold searched terms (Rita and Dee have received no vouch yet), Ben's are not asked for.
      const reach = [...far, m.R.memberId, m.A.memberId, m.C.memberId, m.D.memberId];
      const whole = (await skillPostings(t.db, counted(0), reach)).toMap();
      const lookedUp = (await skillPostings(t.db, counted(Number.MAX_SAFE_INTEGER), reach)).toMap();
      expect(whole).toEqual(lookedUp);
      expect([...whole.keys()].sort((a, b) => a - b)).toEqual([m.A.memberId, m.C.memberId].sort((a, b) => a - b));
      expect((await skillPostings(t.db, counted(0), everyone())).toMap().get(m.B.memberId)?.terms.has('typescript')).toBe(true);
    });

    it('the move to postings keyed by term keeps every posting, and so does its way back', async () => {
      const { termDocuments } = await skillCorpus(t.db, TERMS);
      const before = (await skillPostings(t.db, termDocuments, everyone())).toMap();
      const migration = allMigrations.find((x) => x.name === '202611300000-vouches-postings-by-term')!;
      const ctx = { queryInterface: t.db.sequelize.getQueryInterface(), sequelize: t.db.sequelize, dialect: t.db.dialect };
      const primaryKey = async () =>
        (
          await t.db.sequelize.query<{ name: string }>(
            t.db.dialect === 'mysql'
              ? "SELECT COLUMN_NAME AS name FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'skill_postings' AND CONSTRAINT_NAME = 'PRIMARY' ORDER BY ORDINAL_POSITION"
              : "SELECT name FROM pragma_table_info('skill_postings') WHERE pk > 0 ORDER BY pk",
            { type: QueryTypes.SELECT },
          )
        ).map((c) => c.name);
      expect(await primaryKey()).toEqual(['term', 'member_id']);
      await migration.down!(ctx);
      expect(await primaryKey()).toEqual(['member_id', 'term']);
      expect((await skillPostings(t.db, termDocuments, everyone())).toMap()).toEqual(before);
      await migration.up(ctx);
      expect(await primaryKey()).toEqual(['term', 'member_id']);
      expect((await skillPostings(t.db, termDocuments, everyone())).toMap()).toEqual(before);
      // The accepts below rebuild members' documents on the migrated table (deletes by member_id).
    });

    it('my-matches sees a vouch as soon as it is accepted', async () => {
      expect(await matchNames(m.A.agent)).toEqual(['Ben Lee']);
      await vouchAndAccept(m.A, m.C, { skills: 'TypeScript, React' });
      expect(await matchNames(m.A.agent)).toEqual(['Ben Lee', 'Cy Park']);
      await expectIndexMatchesVouches(everyone());
    });

    it('concurrent accepts for one recipient (and others) leave the index exact', async () => {
      const made = [];
      for (const [from, to, skills] of [[m.R, m.D, 'Rust'], [m.A, m.D, 'Rust, Go'], [m.C, m.D, 'Security'], [m.D, m.R, 'Rust']] as const) {
        const res = await from.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'Trusted', skills, characterTraits: null, accomplishments: null })
          .expect(201);
        made.push({ to, token: res.body.vouchToken as string });
      }
      await Promise.all(made.map(({ to, token }) => to.agent.post('/api/vouches/accept').send({ vouchToken: token, action: 'accept' }).expect(200)));
      await expectIndexMatchesVouches(everyone());
    });

    it('the backfill builds the documents of vouches accepted before the index existed, with the same answers', async () => {
      const before = await m.A.agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(200);
      for (const table of ['skill_postings', 'skill_documents', 'skill_terms']) await t.db.sequelize.query(`DELETE FROM \`${table}\``);
      await t.db.sequelize.query('UPDATE `skill_corpus` SET `documents` = 0, `len_skills` = 0, `len_accomplishments` = 0, `len_traits` = 0, `len_reason` = 0');
      expect(await matchNames(m.A.agent)).toEqual([]);

      const result = await backfillSkillIndex(t.db, { batchSize: 2 });
      expect(result).toEqual({ members: 5, ms: expect.any(Number) });
      await expectIndexMatchesVouches(everyone());
      const after = await m.A.agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(200);
      expect(after.body).toEqual({ ...before.body, ...Object.fromEntries(['perfect', 'strong', 'potential', 'other'].map((k) => [k, before.body[k].map((x: object) => ({ ...x, createdAt: expect.any(String) }))])) });
      // Nothing left to do: a second run builds nothing.
      expect((await backfillSkillIndex(t.db)).members).toBe(0);
    });

    it('an account deletion takes the member\'s document away and recounts those they vouched for', async () => {
      await m.B.agent.delete('/api/account').expect(204);
      const left = everyone().filter((id) => id !== m.B.memberId);
      expect((await skillPostings(t.db, (await skillCorpus(t.db, TERMS)).termDocuments, [m.B.memberId])).toMap()).toEqual(new Map());
      await expectIndexMatchesVouches(left);
      expect(await matchNames(m.A.agent)).toEqual(['Cy Park']);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
