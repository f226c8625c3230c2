import { VOUCH_MESSAGES } from '@vouch/contracts';
import { checkVouchForm, EMPTY_VOUCH_FORM, nextPhoneValue, toCreateVouchBody, type VouchFormState } from '../src/features/create-vouch/lib/vouch-form';

const recommendation = (patch: Partial<VouchFormState> = {}): VouchFormState => ({
  ...EMPTY_VOUCH_FORM,
  recipientName: '  Rosa Recipient ',
  recipientPhone: '(555) 123-4567',
  relationship: 'colleague',
  ticked: { characterTraits: false, skills: true, accomplishments: false },
  skills: ' React, design systems ',
  reason: 'We shipped three products together.',
  ...patch,
});

describe('the Create Vouch form as the POST /api/vouches body', () => {
  it('normalises the phone to +1 and trims the name and texts', () => {
    expect(toCreateVouchBody(recommendation())).toEqual({
      type: 'recommendation',
      recipientName: 'Rosa Recipient',
      recipientPhone: '+15551234567',
      relationship: 'colleague',
      reason: 'We shipped three products together.',
      characterTraits: null,
      skills: 'React, design systems',
      accomplishments: null,
    });
  });

  it('sends an unticked category as null even when text was typed into it before unticking', () => {
    const body = toCreateVouchBody(recommendation({ characterTraits: 'Kind', ticked: { characterTraits: false, skills: true, accomplishments: false } }));
    expect(body.characterTraits).toBeNull();
  });

  it('sends a ticked but blank category as null', () => {
    const body = toCreateVouchBody(recommendation({ ticked: { characterTraits: true, skills: true, accomplishments: true }, accomplishments: '   ' }));
    expect(body).toMatchObject({ characterTraits: null, skills: 'React, design systems', accomplishments: null });
  });

  it('sends an invite with its message only: categories typed before switching type are dropped, a blank message is null', () => {
    expect(toCreateVouchBody(recommendation({ type: 'invite', reason: '  ' }))).toEqual({
      type: 'invite',
      recipientName: 'Rosa Recipient',
      recipientPhone: '+15551234567',
      relationship: 'colleague',
      reason: null,
      characterTraits: null,
      skills: null,
      accomplishments: null,
    });
  });
});

describe('checking the form before sending (SPEC §5)', () => {
  it('accepts a complete recommendation and an invite without message', () => {
    expect(checkVouchForm(recommendation())).toEqual([]);
    expect(checkVouchForm({ ...EMPTY_VOUCH_FORM, type: 'invite', recipientName: 'Ivy', recipientPhone: '(555) 987-6543', relationship: 'friend' })).toEqual([]);
  });

  it('refuses a phone that is not exactly 10 digits ', () => {
    const [problem] = checkVouchForm(recommendation({ recipientPhone: '(555) 123-456' }));
    expect(problem).toEqual({ field: 'recipientPhone', message: VOUCH_MESSAGES.invalidPhone });
    expect(problem?.message).toBe('Please enter a valid 10-digit phone number.');
  });

  it('asks for at least one category on a recommendation', () => {
    const problems = checkVouchForm(recommendation({ ticked: { characterTraits: false, skills: false, accomplishments: false } }));
    expect(problems).toEqual([{ field: 'categories', message: 'Please select at least one category to Vouch for.' }]);
  });

  it('requires a reason for a recommendation, not for an invite', () => {
    expect(checkVouchForm(recommendation({ reason: ' ' })).map((p) => p.field)).toEqual(['reason']);
    expect(checkVouchForm(recommendation({ type: 'invite', reason: '' }))).toEqual([]);
  });

  it('lists every problem in field order, the name first', () => {
    expect(checkVouchForm(EMPTY_VOUCH_FORM).map((p) => p.field)).toEqual(['recipientName', 'recipientPhone', 'relationship', 'categories', 'reason']);
  });

  it('asks how the voucher knows them (issue 28), for invites too', () => {
    expect(checkVouchForm(recommendation({ relationship: '' }))).toEqual([{ field: 'relationship', message: 'Please choose how you know this person.' }]);
    expect(checkVouchForm(recommendation({ type: 'invite', relationship: '' })).map((p) => p.field)).toEqual(['relationship']);
  });
});

describe('the phone field while typing', () => {
  it('formats as (AAA) BBB-CCCC and never grows past 10 digits (14 characters)', () => {
    expect(nextPhoneValue('555')).toBe('555');
    expect(nextPhoneValue('5551')).toBe('(555) 1');
    expect(nextPhoneValue('55512345678')).toBe('(555) 123-4567');
    expect(nextPhoneValue('(555) 123-4567').length).toBe(14);
  });
});
