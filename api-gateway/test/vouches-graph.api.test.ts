// The vouch graph as the network and introductions services read it (issue 5): reachWithin,
// closestSecondDegree, reachByConnector, listConnections, acceptedVouchesFor, countAcceptedVouches, on
// vouches made and answered through the API.
import { randomBytes } from 'node:crypto';
import { registerMember } from '@vouch/service-auth';
import { acceptedVouchesFor, closestSecondDegree, countAcceptedVouches, listConnections, nearestWithin, reachByConnector, reachWithin } from '@vouch/service-vouches';
import { backfillSkillIndex } from '@vouch/service-vouches/skill-index';
import { insertVouchRows } from '@vouch/service-vouches/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type SignedInMember, type TestContext } from './support';

type Letter = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';

describeEachDatabase(
  'the vouch graph',
  (t: TestContext) => {
    const m = {} as Record<Letter, SignedInMember>;
    const id = (letter: Letter) => m[letter].memberId;

    /** `from` vouches for `to`; `to` answers through the API unless the vouch stays pending. */
    async function vouch(from: Letter, to: Letter, answer: 'accept' | 'reject' | 'pending', skills = `skill of ${to}`) {
      const res = await m[from].agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: m[to].name, recipientPhone: m[to].phone, reason: `${from} trusts ${to}`, skills, characterTraits: null, accomplishments: null })
        .expect(201);
      if (answer !== 'pending') await m[to].agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: answer }).expect(200);
      return res.body.id as number;
    }

    const ids: Record<string, number> = {};

    //   C ──▶ A ◀─▶ B ──▶ D ──▶ E ──▶ F        (accepted)
    //   C ─────────────▶ D                     (accepted: D has two shortest paths from A)
    //   A ┄┄▶ G (pending)   B ┄┄▶ H (declined)  A ┄┄▶ Ivy (pending invite, not a member)
    beforeAll(async () => {
      for (const letter of ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as Letter[]) m[letter] = await signIn(t, [`Member`, letter]);
      ids.AB = await vouch('A', 'B', 'accept', 'Rust');
      ids.CA = await vouch('C', 'A', 'accept');
      ids.BD = await vouch('B', 'D', 'accept', 'Design');
      ids.CD = await vouch('C', 'D', 'accept', 'Research');
      ids.DE = await vouch('D', 'E', 'accept');
      ids.EF = await vouch('E', 'F', 'accept');
      ids.AG = await vouch('A', 'G', 'pending');
      ids.BH = await vouch('B', 'H', 'reject');
      ids.BA = await vouch('B', 'A', 'accept');
      const invite = await m.A.agent
        .post('/api/vouches')
        .send({ type: 'invite', recipientName: 'Ivy Invitee', recipientPhone: newPhone(), reason: null, characterTraits: null, skills: null, accomplishments: null })
        .expect(201);
      ids.AI = invite.body.id;
    });

    const reach = async (from: Letter, degree: number) =>
      (await reachWithin(t.db, id(from), degree)).map((r) => ({ member: letterOf(r.memberId), degree: r.degree, via: letterOf(r.via) }));
    const letterOf = (memberId: number) => (Object.keys(m) as Letter[]).find((l) => m[l].memberId === memberId) ?? memberId;

    describe('reachWithin', () => {
      it('1°: the people I vouched for or who vouched for me, once each, through accepted vouches only', async () => {
        expect(await reach('A', 1)).toEqual([
          { member: 'B', degree: 1, via: 'B' },
          { member: 'C', degree: 1, via: 'C' },
        ]);
      });

      it('2°: adds their connections, with the first hop of a shortest path (the smaller id on a tie)', async () => {
        expect(await reach('A', 2)).toEqual([
          { member: 'B', degree: 1, via: 'B' },
          { member: 'C', degree: 1, via: 'C' },
          { member: 'D', degree: 2, via: 'B' },
        ]);
      });

      it('3°: one more hop; four hops away is out of reach; I am never in my own list', async () => {
        expect(await reach('A', 3)).toEqual([
          { member: 'B', degree: 1, via: 'B' },
          { member: 'C', degree: 1, via: 'C' },
          { member: 'D', degree: 2, via: 'B' },
          { member: 'E', degree: 3, via: 'B' },
        ]);
      });

      it('works in either direction of the vouches, keeping the shortest degree', async () => {
        expect(await reach('F', 3)).toEqual([
          { member: 'E', degree: 1, via: 'E' },
          { member: 'D', degree: 2, via: 'E' },
          { member: 'B', degree: 3, via: 'E' },
          { member: 'C', degree: 3, via: 'E' },
        ]);
        expect(await reach('D', 2)).toEqual([
          { member: 'B', degree: 1, via: 'B' },
          { member: 'C', degree: 1, via: 'C' },
          { member: 'E', degree: 1, via: 'E' },
          { member: 'A', degree: 2, via: 'B' },
          { member: 'F', degree: 2, via: 'E' },
        ]);
      });

      it('consent: a pending or declined vouch connects no one', async () => {
        expect(await reach('G', 3)).toEqual([]);
        expect(await reach('H', 3)).toEqual([]);
        expect((await reach('A', 3)).map((r) => r.member)).not.toContain('G');
        expect((await reach('B', 3)).map((r) => r.member)).not.toContain('H');
      });

      it.each([[0], [4], [1.5], [Number.NaN]])('refuses a degree of %p', async (degree) => {
        await expect(reachWithin(t.db, id('A'), degree)).rejects.toThrow(RangeError);
        await expect(nearestWithin(t.db, id('A'), degree)).rejects.toThrow(RangeError);
      });

      it('nearestWithin: the same people, degrees and first hops (the smaller on a tie), by member id', async () => {
        for (const from of Object.keys(m) as Letter[]) {
          for (const degree of [1, 2, 3]) {
            const rows = await reachWithin(t.db, id(from), degree);
            const nearest = await nearestWithin(t.db, id(from), degree);
            expect(new Map(rows.map((r) => [r.memberId, { degree: r.degree, via: r.via }]))).toEqual(nearest);
          }
        }
        // D is 2° to A through both B and C.
        expect(letterOf((await nearestWithin(t.db, id('A'), 2)).get(id('D'))!.via)).toBe('B');
      });
    });

    describe('closestSecondDegree', () => {
      const closest = async (from: Letter, limit: number, excluding: Letter[] = []) =>
        (await closestSecondDegree(t.db, id(from), { limit, excluding: excluding.map(id) })).map((r) => ({ member: letterOf(r.memberId), via: letterOf(r.via), firstHops: r.firstHops }));

      it('lists only the people exactly two hops away, most shared 1° members first, then the smaller id', async () => {
        expect(await closest('A', 10)).toEqual([{ member: 'D', via: 'B', firstHops: 2 }]);
        // D's 1° are B, C and E: A (through B and C) shares two, F (through E) one.
        expect(await closest('D', 10)).toEqual([
          { member: 'A', via: 'B', firstHops: 2 },
          { member: 'F', via: 'E', firstHops: 1 },
        ]);
        expect(await closest('D', 1)).toEqual([{ member: 'A', via: 'B', firstHops: 2 }]);
      });

      it('leaves out the excluded people before the limit; nobody through pending or declined vouches', async () => {
        expect(await closest('D', 1, ['A'])).toEqual([{ member: 'F', via: 'E', firstHops: 1 }]);
        expect(await closest('G', 10)).toEqual([]);
        expect(await closest('B', 10)).toEqual([{ member: 'C', via: 'A', firstHops: 2 }, { member: 'E', via: 'D', firstHops: 1 }]);
      });

      it.each([[0], [1.5], [-1]])('refuses a limit of %p', async (limit) => {
        await expect(closestSecondDegree(t.db, id('A'), { limit })).rejects.toThrow(RangeError);
      });
    });

    describe('reachByConnector', () => {
      const byLetter = async (from: Letter, degree: number) => {
        const { total, firstHops } = await reachByConnector(t.db, id(from), degree);
        return { total: [total.reached, total.reachedWithSkills], firstHops: firstHops.map((r) => [letterOf(r.via), r.reached, r.reachedWithSkills]) };
      };

      it('splits my reach by 1° member: the people behind each (themselves included) and those with skills on record', async () => {
        // B (Rust) and D (Design, Research) have skills; C received nothing; D is behind both B and C.
        expect(await byLetter('A', 2)).toEqual({ total: [3, 2], firstHops: [['B', 2, 2], ['C', 2, 1]].sort((x, y) => id(x[0] as Letter) - id(y[0] as Letter)) });
        expect(await byLetter('A', 1)).toEqual({ total: [2, 1], firstHops: [['B', 1, 1], ['C', 1, 0]].sort((x, y) => id(x[0] as Letter) - id(y[0] as Letter)) });
      });

      it('counts nobody through pending or declined vouches, and nothing for a member without connections', async () => {
        expect(await byLetter('G', 3)).toEqual({ total: [0, 0], firstHops: [] });
        expect(await byLetter('H', 2)).toEqual({ total: [0, 0], firstHops: [] });
      });

      it.each([[0], [4], [2.5]])('refuses a degree of %p', async (degree) => {
        await expect(reachByConnector(t.db, id('A'), degree)).rejects.toThrow(RangeError);
      });
    });

    describe('listConnections', () => {
      it('lists my accepted vouches both ways and my open invites, with the other member and the vouch categories', async () => {
        const rows = await listConnections(t.db, id('A'));
        const shape = rows.map((c) => ({ vouchId: c.vouchId, memberId: c.memberId, name: c.name, direction: c.direction, type: c.type, status: c.status, skills: c.skills }));
        expect(shape).toEqual([
          { vouchId: ids.AB, memberId: id('B'), name: 'Member B', direction: 'given', type: 'recommendation', status: 'accepted', skills: 'Rust' },
          { vouchId: ids.CA, memberId: id('C'), name: 'Member C', direction: 'received', type: 'recommendation', status: 'accepted', skills: 'skill of A' },
          { vouchId: ids.BA, memberId: id('B'), name: 'Member B', direction: 'received', type: 'recommendation', status: 'accepted', skills: 'skill of A' },
          { vouchId: ids.AI, memberId: null, name: 'Ivy Invitee', direction: 'given', type: 'invite', status: 'pending', skills: null },
        ]);
        expect(rows[0]).toMatchObject({ characterTraits: null, acceptedAt: expect.any(Date), createdAt: expect.any(Date) });
      });

      it('a declined or pending recommendation is no connection', async () => {
        expect(await listConnections(t.db, id('H'))).toEqual([]);
        expect(await listConnections(t.db, id('G'))).toEqual([]);
      });
    });

    describe('acceptedVouchesFor', () => {
      it('returns the accepted vouches those members received', async () => {
        const rows = await acceptedVouchesFor(t.db, [id('B'), id('D'), id('H'), 999_999]);
        expect(rows.map((v) => [v.id, v.voucherId, v.recipientId, v.skills])).toEqual([
          [ids.AB, id('A'), id('B'), 'Rust'],
          [ids.BD, id('B'), id('D'), 'Design'],
          [ids.CD, id('C'), id('D'), 'Research'],
        ]);
        expect(rows[0]).toMatchObject({ reason: 'A trusts B', acceptedAt: expect.any(Date), type: 'recommendation' });
        expect(await acceptedVouchesFor(t.db, [])).toEqual([]);
      });
    });

    it('countAcceptedVouches counts accepted vouches only, not pending or declined ones (the landing\'s "Vouches Given")', async () => {
      expect(await countAcceptedVouches(t.db)).toBe(7);
    });

    describe('around a dense hub', () => {
      // The hub vouched for 40 members (1°) who vouch for each other in a ring of 4 neighbours;
      // every 1° member is joined to every one of 40 members at 2°, and every 2° member to every
      // one of 40 at 3°. A walk can bounce between 1° members and between levels, so walks (the
      // recursive query this replaced kept a row per member, degree and first hop for each of
      // them) multiply; the shortest paths do not: every 2° and 3° member has 40 first hops.
      it('reaches every level at its shortest degree with every first hop counted once', async () => {
        const created = async (prefix: string, n: number) => {
          const ids: number[] = [];
          for (let i = 0; i < n; i++) ids.push((await registerMember(t.db, { phone: newPhone(), firstName: prefix, lastName: `H${i}` })).id);
          return ids;
        };
        const [hub] = await created('Hub', 1);
        const first = await created('First', 40);
        const second = await created('Second', 40);
        const third = await created('Third', 40);
        const now = new Date();
        const rows: Record<string, unknown>[] = [];
        const edge = (voucherId: number, recipientId: number, status: 'accepted' | 'pending' | 'rejected' = 'accepted', skills: string | null = null) =>
          rows.push({
            type: 'recommendation',
            status,
            vouchToken: randomBytes(24).toString('base64url'),
            voucherId,
            recipientName: 'Dense',
            recipientPhone: newPhone(),
            recipientId: status === 'pending' ? null : recipientId,
            pendingKey: null,
            skills,
            createdAt: now,
            acceptedAt: status === 'accepted' ? now : null,
            respondedAt: status === 'pending' ? null : now,
            expiresAt: new Date(now.getTime() + 86_400_000),
          });
        first.forEach((f, i) => {
          edge(hub!, f);
          edge(f, first[(i + 1) % 40]!);
          edge(first[(i + 2) % 40]!, f);
          for (const s of second) edge(i % 2 ? f : s, i % 2 ? s : f); // both directions of vouch
        });
        for (const s of second) for (const x of third) edge(s, x, 'accepted', 'Go');
        // No shortcut through vouches that connect no one.
        edge(second[0]!, hub!, 'pending');
        edge(third[0]!, hub!, 'rejected');
        edge(hub!, third[1]!, 'pending');
        await insertVouchRows(t.db, rows);

        const byId = (a: number, b: number) => a - b;
        const level = (ids: number[], degree: number) =>
          [...ids].sort(byId).map((memberId) => ({ memberId, degree, via: degree === 1 ? memberId : Math.min(...first), firstHops: degree === 1 ? 1 : 40 }));
        expect(await reachWithin(t.db, hub!, 3)).toEqual([...level(first, 1), ...level(second, 2), ...level(third, 3)]);
        expect(await reachWithin(t.db, hub!, 2)).toEqual([...level(first, 1), ...level(second, 2)]);
        expect(await reachWithin(t.db, hub!, 1)).toEqual(level(first, 1));
        // Behind each 1° member: themselves, the 40 at 2° and the 40 at 3° (those have skills).
        expect(await reachByConnector(t.db, hub!, 3)).toEqual({
          total: { via: 0, reached: 120, reachedWithSkills: 40 },
          firstHops: [...first].sort(byId).map((via) => ({ via, reached: 81, reachedWithSkills: 40 })),
        });
        // From a 3° member the hub is three hops away, through any of the 40 at 2°.
        const fromThird = await reachWithin(t.db, third[5]!, 3);
        expect(fromThird.find((r) => r.memberId === hub)).toEqual({ memberId: hub, degree: 3, via: Math.min(...second), firstHops: 40 });
        expect(fromThird).toHaveLength(120);
      });
    });

    describe('on a random graph', () => {
      /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
      function random(seed: number) {
        return () => {
          seed = (seed + 0x6d2b79f5) | 0;
          let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
          x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
          return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
        };
      }

      it('matches a breadth-first search for every member and degree', async () => {
        const members: number[] = [];
        for (let i = 0; i < 24; i++) members.push((await signIn(t, ['Random', `M${i}`])).memberId);
        const next = random(20251123);
        const pick = () => members[Math.floor(next() * members.length)]!;
        const now = new Date();
        const rows: Record<string, unknown>[] = [];
        const accepted: [number, number][] = [];
        const skilled = new Set<number>();
        for (let i = 0; i < 40; i++) {
          const voucherId = pick();
          const recipientId = pick();
          if (voucherId === recipientId) continue;
          const roll = next();
          const status = roll < 0.7 ? 'accepted' : roll < 0.85 ? 'pending' : 'rejected';
          if (status === 'accepted') accepted.push([voucherId, recipientId]);
          if (status === 'accepted' && i % 3 === 0) skilled.add(recipientId);
          rows.push({
            type: 'recommendation',
            status,
            vouchToken: randomBytes(24).toString('base64url'),
            voucherId,
            recipientName: 'Random',
            recipientPhone: newPhone(),
            recipientId: status === 'pending' ? null : recipientId,
            pendingKey: null,
            // Blank skills name none (vouches.has_skills); skills in letters the skill index keeps no term of still name some.
            skills: i % 3 === 0 ? (i % 2 === 0 ? 'Go' : '日本語') : i % 3 === 1 ? '   ' : null,
            createdAt: now,
            acceptedAt: status === 'accepted' ? now : null,
            respondedAt: status === 'pending' ? null : now,
            expiresAt: new Date(now.getTime() + 86_400_000),
          });
        }
        // Fixture rows written straight to the table: the shapes the use cases write, faster than the API.
        await insertVouchRows(t.db, rows);

        const neighbours = new Map<number, Set<number>>();
        for (const [a, b] of accepted) {
          if (!neighbours.has(a)) neighbours.set(a, new Set());
          if (!neighbours.has(b)) neighbours.set(b, new Set());
          neighbours.get(a)!.add(b);
          neighbours.get(b)!.add(a);
        }
        // Shortest degree, the smallest first hop and every distinct first hop of a shortest path.
        let lastVias = new Map<number, { degree: number; vias: Set<number> }>();
        const bfsVias = (_start: number, _degree: number, memberId: number) => lastVias.get(memberId)!.vias;
        const bfs = (start: number, maxDegree: number) => {
          const found = new Map<number, { degree: number; vias: Set<number> }>([[start, { degree: 0, vias: new Set([start]) }]]);
          let frontier = [start];
          for (let degree = 1; degree <= maxDegree; degree++) {
            const nextFrontier: number[] = [];
            for (const node of frontier) {
              for (const other of neighbours.get(node) ?? []) {
                const vias = degree === 1 ? [other] : [...found.get(node)!.vias];
                const known = found.get(other);
                if (!known) {
                  found.set(other, { degree, vias: new Set(vias) });
                  nextFrontier.push(other);
                } else if (known.degree === degree) {
                  for (const via of vias) known.vias.add(via);
                }
              }
            }
            frontier = nextFrontier;
          }
          found.delete(start);
          lastVias = found;
          return [...found]
            .map(([memberId, r]) => ({ memberId, degree: r.degree, via: Math.min(...r.vias), firstHops: r.vias.size }))
            .sort((x, y) => x.degree - y.degree || x.memberId - y.memberId);
        };

        let compared = 0;
        const degreesSeen = new Set<number>();
        // Twice: the bulk-loaded rows without skill documents (skills read from the vouches), then
        // with the documents the worker's backfill builds (read from skill_documents where they hold a skill term).
        for (const phase of ['without skill documents', 'with skill documents']) {
          if (phase === 'with skill documents') expect((await backfillSkillIndex(t.db)).members).toBeGreaterThan(0);
          for (const start of members) {
            for (const degree of [1, 2, 3]) {
              const expected = bfs(start, degree);
              expect({ start, degree, reach: await reachWithin(t.db, start, degree) }).toEqual({ start, degree, reach: expected });
              const perVia = new Map<number, [number, number]>();
              for (const r of expected) {
                for (const via of bfsVias(start, degree, r.memberId)) {
                  const [reached, withSkills] = perVia.get(via) ?? [0, 0];
                  perVia.set(via, [reached + 1, withSkills + (skilled.has(r.memberId) ? 1 : 0)]);
                }
              }
              const split = await reachByConnector(t.db, start, degree);
              expect({ start, degree, total: split.total, firstHops: split.firstHops }).toEqual({
                start,
                degree,
                total: { via: 0, reached: expected.length, reachedWithSkills: expected.filter((r) => skilled.has(r.memberId)).length },
                firstHops: [...perVia].sort((x, y) => x[0] - y[0]).map(([via, [reached, reachedWithSkills]]) => ({ via, reached, reachedWithSkills })),
              });
              if (degree === 2) {
                const second = expected.filter((r) => r.degree === 2).sort((x, y) => y.firstHops - x.firstHops || x.memberId - y.memberId);
                expect({ start, closest: await closestSecondDegree(t.db, start, { limit: 3 }) }).toEqual({ start, closest: second.slice(0, 3) });
              }
              for (const r of expected) degreesSeen.add(r.degree);
              compared += 1;
            }
          }
        }
        expect(compared).toBe(144);
        // The graph is dense enough to exercise every degree.
        expect([...degreesSeen].sort()).toEqual([1, 2, 3]);
      });
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
