// "Vouch back for <name>" kept on the dashboard (issue 44 item 6), through the real gateway on
// SQLite and (with TEST_DATABASE_URL) MariaDB: offered for each voucher the member has not vouched
// for, the latest first; gone once vouched for (pending counts) or dismissed, on every device;
// never for someone who did not vouch for them, nor for a voucher who left.
import type { VouchBack } from '@vouch/contracts';
import { describeEachDatabase, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

jest.setTimeout(60_000);

describeEachDatabase('vouch back', (t: TestContext) => {
  let maya: SignedInMember;
  let marcus: SignedInMember;
  let dana: SignedInMember;
  const offers = async (who: SignedInMember) => ((await who.agent.get('/api/vouches/vouch-back').expect(200)).body as VouchBack[]).map((o) => o.name);

  beforeAll(async () => {
    [maya, marcus, dana] = [await signIn(t, ['Maya', 'Back']), await signIn(t, ['Marcus', 'Back']), await signIn(t, ['Dana', 'Back'])];
    await vouchAndAccept(marcus, maya);
    await vouchAndAccept(dana, maya);
  });

  it('offers each voucher the member has not vouched for, the latest acceptance first; a pending vouch to them counts as done', async () => {
    expect(await offers(maya)).toEqual(['Dana Back', 'Marcus Back']);
    // Nobody vouched for Marcus or Dana: nothing to return.
    expect(await offers(marcus)).toEqual([]);
    expect(await offers(dana)).toEqual([]);
    await maya.agent
      .post('/api/vouches')
      .send({ type: 'recommendation', recipientName: dana.name, recipientPhone: dana.phone, reason: 'Dana ships', skills: 'Go', characterTraits: null, accomplishments: null })
      .expect(201);
    expect(await offers(maya)).toEqual(['Marcus Back']);
    // Dana vouched first: nothing to return once Maya's vouch is accepted either.
    expect(await offers(dana)).toEqual([]);
  });

  it('dismissing is for good and for every device, and only for someone who vouched for the member', async () => {
    const mayaElsewhere = await signIn(t, ['Maya', 'Back'], { phone: maya.phone });
    const res = await Promise.all(Array.from({ length: 8 }, () => maya.agent.post(`/api/vouches/vouch-back/${marcus.memberId}/dismiss`)));
    expect(res.map((r) => r.status)).toEqual(Array(8).fill(204));
    expect(await offers(maya)).toEqual([]);
    expect(await offers(mayaElsewhere)).toEqual([]);
    const [[row]] = (await t.db.sequelize.query('SELECT COUNT(*) AS n FROM vouch_back_dismissals WHERE member_id = ?', { replacements: [maya.memberId] })) as [{ n: number | string }[], unknown];
    expect(Number(row!.n)).toBe(1);

    for (const path of [`/api/vouches/vouch-back/${dana.memberId + 1000}/dismiss`, '/api/vouches/vouch-back/abc/dismiss', `/api/vouches/vouch-back/${maya.memberId}/dismiss`]) {
      const refused = await maya.agent.post(path).expect(404);
      expect(refused.body.detail).toBe('No vouch back is offered for this member.');
    }
    await t.request.get('/api/vouches/vouch-back').expect(401);
    await t.request.post(`/api/vouches/vouch-back/${marcus.memberId}/dismiss`).expect(401);
  });

  it('a voucher who left is not offered, and their dismissals go with either account', async () => {
    const [eve, gil, finn] = [await signIn(t, ['Eve', 'Leaves']), await signIn(t, ['Gil', 'Leaves']), await signIn(t, ['Finn', 'Stays'])];
    await vouchAndAccept(eve, finn);
    await vouchAndAccept(gil, finn);
    await finn.agent.post(`/api/vouches/vouch-back/${eve.memberId}/dismiss`).expect(204);
    expect(await offers(finn)).toEqual(['Gil Leaves']);
    for (const leaving of [eve, gil]) await leaving.agent.delete('/api/account').expect(204);
    expect(await offers(finn)).toEqual([]);
    const [[row]] = (await t.db.sequelize.query('SELECT COUNT(*) AS n FROM vouch_back_dismissals WHERE voucher_id = ?', { replacements: [eve.memberId] })) as [{ n: number | string }[], unknown];
    expect(Number(row!.n)).toBe(0);
  });
});
