// The neighbour rows behind GET /api/network/analysis (member_neighbours, issue 14): kept by the
// accept and the account deletion in their transactions, they answer as the vouches do.
import { refillNeighbourRows } from '@vouch/service-vouches/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

describeEachDatabase(
  'the analysis after accepts and account deletions',
  (t: TestContext) => {
    const analysis = async (member: SignedInMember, degree: number) => (await member.agent.get(`/api/network/analysis?degree=${degree}`).expect(200)).body;

    it('counts a connection with skills from their first vouch naming skills, whoever gave it, and forgets a deleted account', async () => {
      const [ana, ben, cleo] = [await signIn(t, ['Ana', 'Alder']), await signIn(t, ['Ben', 'Birch']), await signIn(t, ['Cleo', 'Cedar'])];
      await vouchAndAccept(ana, ben, { skills: null, characterTraits: 'Honest' });
      expect((await analysis(ana, 1)).networkAnalysis).toBe('You have 1 direct connection; 0 have skills vouched for.');
      await vouchAndAccept(cleo, ben, { skills: 'Rust' });
      expect((await analysis(ana, 1)).networkAnalysis).toBe('You have 1 direct connection; 1 has skills vouched for.');
      expect((await analysis(ana, 2)).connectors).toEqual([{ connectorId: ben.memberId, connectorName: 'Ben Birch', networkSize: 2, relevantMatches: 1, degree: 1 }]);
      await ben.agent.delete('/api/account').expect(204);
      expect(await analysis(ana, 3)).toEqual({ networkAnalysis: 'You have no connections yet. Vouch for people you trust to start building your network.', totalReachablePeople: 0, connectors: [] });
    });

    it('keeps every row as a rebuild from the vouches would write it, through accepts both ways and a deletion', async () => {
      const people: SignedInMember[] = [];
      for (let i = 0; i < 7; i += 1) people.push(await signIn(t, ['Row', `Keeper${i}`]));
      // Skills arrive late for some (a first vouch without, a later one with), in both directions.
      const plan: [number, number, string | null][] = [
        [0, 1, null], [1, 0, 'Go'], [2, 1, 'Design'], [3, 2, null], [2, 3, null], [4, 3, 'Sales'],
        [5, 4, null], [6, 5, 'Law'], [0, 6, null], [6, 0, null], [1, 5, 'Ops'], [3, 6, 'Data'],
      ];
      for (const [from, to, skills] of plan) await vouchAndAccept(people[from]!, people[to]!, skills ? { skills } : { skills: null, characterTraits: 'Kind' });
      await people[3]!.agent.delete('/api/account').expect(204);
      const ids = people.map((p) => p.memberId);
      const kept = await rows(ids);
      await refillNeighbourRows(t.db);
      expect(kept).toEqual(await rows(ids));
    });

    /** Each member's row as sorted signed ids and the skilled flag (no row: nobody, no skills). */
    async function rows(ids: number[]) {
      const [found] = await t.db.sequelize.query(`SELECT member_id, neighbours, skilled FROM member_neighbours WHERE member_id IN (${ids.join(',')})`);
      const byId = new Map((found as { member_id: number; neighbours: string; skilled: number }[]).map((r) => [Number(r.member_id), r]));
      return ids.map((id) => {
        const row = byId.get(id);
        const list = row ? String(row.neighbours).split(',').filter(Boolean).map(Number).sort((a, b) => a - b) : [];
        return { id, list, skilled: row ? Number(row.skilled) : 0 };
      });
    }
  },
  { env: GENEROUS_AUTH_LIMITS },
);
