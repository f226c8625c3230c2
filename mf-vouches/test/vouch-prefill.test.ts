import { checkVouchForm, prefilledVouchForm, toCreateVouchBody } from '../src/features/create-vouch/lib/vouch-form';
import { introductionPrefill } from '../src/features/public-profile/lib/connection';

describe('Create Vouch opened for a member (Vouch for, Vouch back, an ask)', () => {
  it('fills in their name and addresses them by id: no phone is asked for or sent', () => {
    const form = { ...prefilledVouchForm({ memberId: 7, name: 'Ann Asker' }), reason: 'We shipped it.', skills: 'Launches', relationship: 'colleague' as const, ticked: { characterTraits: false, skills: true, accomplishments: false } };
    expect(checkVouchForm(form)).toEqual([]);
    const body = toCreateVouchBody(form);
    expect(body).toMatchObject({ recipientName: 'Ann Asker', recipientMemberId: 7 });
    expect(body).not.toHaveProperty('recipientPhone');
  });

  it('without a prefill is the empty form, which still needs a phone', () => {
    const form = prefilledVouchForm(null);
    expect(form.recipientMemberId).toBeNull();
    expect(checkVouchForm(form).map((p) => p.field)).toContain('recipientPhone');
  });
});

describe('Request an introduction from a profile', () => {
  const person = (id: number, name: string) => ({ id, name, reputationScore: 50 });
  it('goes through the first hop of the path to the member', () => {
    expect(introductionPrefill({ degree: 3, people: [person(1, 'Me Self'), person(2, 'Hal Hop'), person(3, 'Mid Way'), person(4, 'Tia Target')] })).toEqual({ to: 4, through: 2 });
  });
  it('is not offered to a direct connection', () => {
    expect(introductionPrefill({ degree: 1, people: [person(1, 'Me Self'), person(4, 'Tia Target')] })).toBeNull();
  });
});
