// Issue 44 item 5: GET /api/profile/my-reputation says what makes up a member's score and what
// moved it last, with one vouch's effect bounded (docs/reputation.md "Why this score").
import { QueryTypes } from 'sequelize';
import { settleReputation } from '@vouch/worker';
import { describeEachDatabase, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

describeEachDatabase('why this score (GET /api/profile/my-reputation)', (t: TestContext) => {
  let founders: SignedInMember[];
  let marcus: SignedInMember;
  let ines: SignedInMember;
  let maya: SignedInMember;

  const explanation = async (member: SignedInMember) => (await member.agent.get('/api/profile/my-reputation').expect(200)).body;
  const shownScore = async (member: SignedInMember) => Math.round((await member.agent.get('/api/user/profile').expect(200)).body.user.reputationScore);

  beforeAll(async () => {
    // The first members are the genesis: they seed trust. Marcus and Ines are vouched for by them.
    founders = [];
    for (const last of ['One', 'Two', 'Three']) founders.push(await signIn(t, ['Founder', last]));
    marcus = await signIn(t, ['Marcus', 'Chen']);
    ines = await signIn(t, ['Ines', 'Alvarez']);
    maya = await signIn(t, ['Maya', 'Patel']);
    for (const founder of founders) {
      await vouchAndAccept(founder, marcus);
      await vouchAndAccept(founder, ines);
    }
    await vouchAndAccept(founders[0]!, founders[1]!);
    await settleReputation(t.db);
  });

  it('is 401 without a session', async () => {
    const res = await t.request.get('/api/profile/my-reputation').expect(401);
    expect(res.body).toMatchObject({ status: 401, detail: 'Not authenticated' });
  });

  it('before any vouch: a score of 0, nothing to name, no change yet', async () => {
    expect(await explanation(maya)).toEqual({ score: 0, fromVouches: 0, fromHelping: 0, vouches: [], otherVouches: { count: 0, points: 0 }, maxVouchPoints: 16, lastChange: null });
  });

  it('after Marcus’s vouch is accepted: names Marcus, trusted by 3, with what he adds, and the change from 0', async () => {
    await vouchAndAccept(marcus, maya);
    await settleReputation(t.db);
    const score = await shownScore(maya);
    expect(score).toBeGreaterThan(0);
    const body = await explanation(maya);
    expect(body.score).toBe(score);
    expect(body.vouches).toEqual([{ voucherId: marcus.memberId, voucherName: 'Marcus Chen', trustedBy: 3, type: 'recommendation', points: expect.any(Number) }]);
    expect(body.vouches[0].points).toBeGreaterThan(0);
    expect(body.vouches[0].points).toBeLessThanOrEqual(body.maxVouchPoints);
    expect(body.lastChange).toMatchObject({ from: 0, to: score, vouches: [{ voucherId: marcus.memberId, voucherName: 'Marcus Chen', trustedBy: 3 }] });
    expect(body.lastChange.vouches[0].points + body.lastChange.network).toBe(score);
    expect(Date.parse(body.lastChange.changedAt)).not.toBeNaN();
  });

  it('after Ines’s vouch too: the last change names only Ines, and both vouches make up the score', async () => {
    const before = await shownScore(maya);
    await vouchAndAccept(ines, maya);
    await settleReputation(t.db);
    const score = await shownScore(maya);
    expect(score).toBeGreaterThan(before);
    const body = await explanation(maya);
    expect(body.vouches.map((v: { voucherName: string }) => v.voucherName).sort()).toEqual(['Ines Alvarez', 'Marcus Chen']);
    expect(Math.abs(body.vouches[0].points + body.vouches[1].points + body.fromHelping - score)).toBeLessThanOrEqual(1);
    expect(body.lastChange).toMatchObject({ from: before, to: score, vouches: [{ voucherName: 'Ines Alvarez' }] });
    expect(body.lastChange.vouches[0].points).toBeLessThanOrEqual(body.maxVouchPoints);
  });

  it('forgets a member who deletes their account: their row goes, and their vouch is no longer named', async () => {
    await ines.agent.delete('/api/account').expect(204);
    await settleReputation(t.db);
    const [row] = await t.db.sequelize.query('SELECT COUNT(*) AS n FROM reputation_explanations WHERE member_id = :id', { replacements: { id: ines.memberId }, type: QueryTypes.SELECT });
    expect(Number((row as { n: number | string }).n)).toBe(0);
    const body = await explanation(maya);
    expect(body.vouches.map((v: { voucherName: string }) => v.voucherName)).toEqual(['Marcus Chen']);
  });

  it('tells each member only about their own score', async () => {
    const body = await explanation(marcus);
    expect(body.vouches.map((v: { voucherName: string }) => v.voucherName).sort()).toEqual(['Founder One', 'Founder Three', 'Founder Two']);
    expect(body.vouches.map((v: { voucherName: string }) => v.voucherName)).not.toContain('Maya Patel');
  });
});
