import { createVouchBody, daysUntilExpiry, inverseRelationship, isVouchExpired, relationshipLabel, relationshipSeenBy, respondVouchBody, VOUCH_MESSAGES, VOUCH_RELATIONSHIPS, vouchRuleErrors } from '../src/vouches';

describe('vouchRuleErrors (SPEC §5)', () => {
  it('a recommendation needs a name, a reason and at least one category', () => {
    expect(vouchRuleErrors({ type: 'recommendation', recipientName: 'Grace', reason: 'Trusted', skills: 'COBOL' })).toEqual([]);
    expect(vouchRuleErrors({ type: 'recommendation', recipientName: ' ', reason: ' ', skills: '', characterTraits: null })).toEqual([
      { field: 'recipientName', message: VOUCH_MESSAGES.nameRequired },
      { field: 'categories', message: VOUCH_MESSAGES.noCategory },
      { field: 'reason', message: VOUCH_MESSAGES.reasonRequired },
    ]);
  });

  it.each([['characterTraits'], ['skills'], ['accomplishments']])('%s alone is enough of a category', (field) => {
    expect(vouchRuleErrors({ type: 'recommendation', recipientName: 'Grace', reason: 'Trusted', [field]: 'yes' })).toEqual([]);
  });

  it('an invite needs only a name (its message is optional)', () => {
    expect(vouchRuleErrors({ type: 'invite', recipientName: 'Ivy' })).toEqual([]);
    expect(vouchRuleErrors({ type: 'invite', recipientName: '' })).toEqual([{ field: 'recipientName', message: VOUCH_MESSAGES.nameRequired }]);
  });

  it('speaks the sentences of SPEC §5', () => {
    expect(VOUCH_MESSAGES.invalidPhone).toBe('Please enter a valid 10-digit phone number.');
    expect(VOUCH_MESSAGES.noCategory).toBe('Please select at least one category to Vouch for.');
    expect(VOUCH_MESSAGES.phoneMismatch).toBe('Phone Number Mismatch: Please enter the phone number associated with this Vouch.');
  });
});

describe('days until expiry', () => {
  const now = new Date('2025-11-01T12:00:00Z');
  it.each([
    ['2025-12-01T12:00:00Z', 30],
    ['2025-11-01T12:00:01Z', 1],
    ['2025-11-02T11:00:00Z', 1],
    ['2025-11-02T13:00:00Z', 2],
    ['2025-11-01T12:00:00Z', 0],
    ['2025-10-01T12:00:00Z', 0],
  ])('expiring at %s reads as %d days', (expiresAt, days) => {
    expect(daysUntilExpiry(expiresAt, now)).toBe(days);
    expect(isVouchExpired(expiresAt, now)).toBe(days === 0);
  });
});

describe('wire schemas', () => {
  it('the create body keeps null categories and refuses unknown types', () => {
    expect(createVouchBody.parse({ type: 'invite', recipientName: ' Ivy ', recipientPhone: '+15551234567', skills: null })).toMatchObject({ recipientName: 'Ivy', skills: null });
    expect(createVouchBody.safeParse({ type: 'endorsement', recipientName: 'x', recipientPhone: 'y' }).success).toBe(false);
  });

  it('the respond body knows accept and reject only', () => {
    expect(respondVouchBody.safeParse({ vouchToken: 'abc', action: 'accept' }).success).toBe(true);
    expect(respondVouchBody.safeParse({ vouchToken: 'abc', action: 'maybe' }).success).toBe(false);
  });
});

describe('relationships (issue 28 item 8)', () => {
  it('each side sees the other: my manager has me as their report, my mentor me as their mentee', () => {
    expect(VOUCH_RELATIONSHIPS.map((r) => [r, inverseRelationship(r)])).toEqual([
      ['colleague', 'colleague'],
      ['manager', 'report'],
      ['report', 'manager'],
      ['mentor', 'mentee'],
      ['mentee', 'mentor'],
      ['client', 'client'],
      ['friend', 'friend'],
    ]);
    expect(relationshipSeenBy('manager', 'given')).toBe('manager');
    expect(relationshipSeenBy('manager', 'received')).toBe('report');
    expect(relationshipSeenBy(null, 'received')).toBeNull();
    expect(relationshipLabel('mentee')).toBe('Mentee');
  });
});
