// The public writers the demo seed uses (auth registerMember, vouches createVouchAs /
// respondToVouchAs, introductions createIntroductionRequestAs / createSuggestionAs /
// answerSuggestionAsRequester, subscriptions subscribeWithLocalBilling): the same rules as
// their HTTP routes, outside a request.
import { findMemberByPhone, registerMember } from '@vouch/service-auth';
import { isProblem } from '@vouch/service-core';
import { answerSuggestionAsRequester, createIntroductionRequestAs, createSuggestionAs } from '@vouch/service-introductions';
import { getTier, subscribeWithLocalBilling } from '@vouch/service-subscriptions';
import { createVouchAs, respondToVouchAs } from '@vouch/service-vouches';
import { reputationIdle } from '@vouch/service-vouches/worker';
import { describeEachDatabase, newPhone, type TestContext } from './support';

jest.setTimeout(60_000);

async function status(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (isProblem(error)) return error.status;
    throw error;
  }
}

const recommendation = (name: string, phone: string) => ({ type: 'recommendation', recipientName: name, recipientPhone: phone, reason: 'We built a product together', skills: 'Figma, Design systems', characterTraits: 'Kind', accomplishments: null });

describeEachDatabase('the public writers behind npm run seed', (t: TestContext) => {
  it('registerMember creates a member at the given instant, once per phone, North American phones only', async () => {
    const phone = newPhone();
    const joined = new Date('2025-01-02T03:04:05Z');
    const member = await registerMember(t.db, { phone: phone.replace('+1', ''), firstName: ' Ada ', lastName: 'Lovelace' }, joined);
    expect(member).toMatchObject({ phone, name: 'Ada Lovelace', vouchesGiven: 0 });
    expect(member.createdAt.toISOString()).toBe(joined.toISOString());
    expect(await status(registerMember(t.db, { phone, firstName: 'Someone', lastName: 'Else' }))).toBe(409);
    expect(await status(registerMember(t.db, { phone: '+44 20 7946 0000', firstName: 'A', lastName: 'B' }))).toBe(400);
    expect((await findMemberByPhone(t.db, phone))?.name).toBe('Ada Lovelace');
  });

  it('createVouchAs and respondToVouchAs follow the vouch rules: only the recipient answers, once', async () => {
    const ada = await registerMember(t.db, { phone: newPhone(), firstName: 'Ada', lastName: 'V' });
    const ben = await registerMember(t.db, { phone: newPhone(), firstName: 'Ben', lastName: 'V' });
    const at = new Date(Date.now() - 3 * 86_400_000);
    const vouch = await createVouchAs(t.db, ada.id, recommendation('Ben V', ben.phone), { now: at });
    expect(vouch).toMatchObject({ status: 'pending', voucherName: 'Ada V', createdAt: at.toISOString() });
    expect(await status(createVouchAs(t.db, ada.id, recommendation('Ben V', ben.phone)))).toBe(409);
    expect(await status(createVouchAs(t.db, ada.id, { ...recommendation('Ben V', ben.phone), reason: '' }))).toBe(400);
    expect(await status(respondToVouchAs(t.db, ada.id, { vouchToken: vouch.vouchToken, action: 'accept' }))).toBe(403);
    const answered = await respondToVouchAs(t.db, ben.id, { vouchToken: vouch.vouchToken, action: 'accept' }, { backgroundReputation: false });
    expect(answered.status).toBe('accepted');
    expect(await status(respondToVouchAs(t.db, ben.id, { vouchToken: vouch.vouchToken, action: 'accept' }))).toBe(409);
    expect(await findMemberByPhone(t.db, ada.phone)).toMatchObject({ vouchesGiven: 1 });
    expect(await findMemberByPhone(t.db, ben.phone)).toMatchObject({ vouchesReceived: 1 });
    await reputationIdle(t.db);
  });

  it('the introduction writers make a request, a suggestion from a 1° connection and the requester accepts it', async () => {
    const [req, con, person] = await Promise.all(['Req', 'Con', 'Per'].map((first) => registerMember(t.db, { phone: newPhone(), firstName: first, lastName: 'I' })));
    expect(await status(createIntroductionRequestAs(t.db, req!.id, { requestType: 'Hiring', desiredSkills: 'Figma', reason: 'First designer', degreeLevel: 2 }))).toBe(403);
    for (const [from, to] of [[req!, con!], [con!, person!]] as const) {
      const v = await createVouchAs(t.db, from.id, recommendation(to.name, to.phone));
      await respondToVouchAs(t.db, to.id, { vouchToken: v.vouchToken, action: 'accept' }, { backgroundReputation: false });
    }
    const request = await createIntroductionRequestAs(t.db, req!.id, { requestType: 'Hiring', desiredSkills: 'Figma', reason: 'First designer', degreeLevel: 2 });
    expect(request).toMatchObject({ status: 'broadcasting', requestType: 'Hiring' });
    const suggestion = await createSuggestionAs(t.db, con!.id, { requestId: request.id, suggestedPersonId: person!.id, reasoning: 'Best designer I know' });
    expect(suggestion).toMatchObject({ status: 'pending_requestor', suggestedPersonName: 'Per I', connectorName: 'Con I' });
    expect(await status(answerSuggestionAsRequester(t.db, con!.id, suggestion.id, 'accept'))).toBe(404);
    expect((await answerSuggestionAsRequester(t.db, req!.id, suggestion.id, 'accept')).status).toBe('accepted');
    await reputationIdle(t.db);
  });

  it('subscribeWithLocalBilling puts a member on a paid plan at once, and refuses the plan they have', async () => {
    const member = await registerMember(t.db, { phone: newPhone(), firstName: 'Pay', lastName: 'S' });
    expect((await subscribeWithLocalBilling(t.db, member.id, 'premium')).status).toBe('active');
    expect((await getTier(t.db, member.id)).plan).toBe('premium');
    expect(await status(subscribeWithLocalBilling(t.db, member.id, 'premium'))).toBe(409);
    expect(await status(subscribeWithLocalBilling(t.db, member.id, 'free'))).toBe(400);
  });
});
