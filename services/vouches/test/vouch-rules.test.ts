// The vouch rules as plain functions: tokens, masking, expiry, input checking, configuration.
import { Problem } from '@vouch/service-core';
import { isVouchTokenShape, VOUCH_MESSAGES } from '@vouch/contracts';
import { readVouchesConfig } from '../src/config';
import { toCreateVouchCommand } from '../src/features/vouching/domain/create-vouch.use-case';
import { newVouchToken } from '../src/features/vouching/domain/token';
import { expiryFrom, isExpired, maskRecipientPhone, namedMemberIds, pendingKey, recipientNameOf, toPublicVouchDto, toVouchDto, type VouchRecord } from '../src/domain/vouch';

describe('vouch tokens', () => {
  it('are 32 URL-safe characters (192 random bits) and never repeat', () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => newVouchToken()));
    expect(tokens.size).toBe(2000);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from([...tokens][0]!, 'base64url')).toHaveLength(24);
  });

  it.each([[''], ['short'], ['A'.repeat(31)], ['A'.repeat(33)], ['A'.repeat(31) + '='], ['A'.repeat(31) + '/'], [42], [null], [undefined]])('%p is not a token', (value) => {
    expect(isVouchTokenShape(value)).toBe(false);
  });
});

describe('the public page mask', () => {
  it.each([
    ['+15551231234', '•••-•••-1234'],
    ['+19998887777', '•••-•••-7777'],
    ['12', '•••-•••-••12'],
  ])('%s is shown as %s', (phone, masked) => {
    expect(maskRecipientPhone(phone)).toBe(masked);
  });
});

const record: VouchRecord = {
  id: 7,
  type: 'recommendation',
  status: 'pending',
  vouchToken: 'T'.repeat(32),
  voucherId: 1,
  recipientName: 'Grace Hopper',
  recipientPhone: '+15551239876',
  recipientId: null,
  reason: 'Trusted',
  skills: 'COBOL',
  characterTraits: null,
  accomplishments: null,
  relationship: 'manager',
  createdAt: new Date('2025-11-01T10:00:00Z'),
  acceptedAt: null,
  respondedAt: null,
  expiresAt: new Date('2025-12-01T10:00:00Z'),
  lastSharedAt: null,
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
};

describe('the Vouch of SPEC §3', () => {
  it('carries the token twice (vouchToken, publicToken), both members\' ids and ISO dates', () => {
    expect(toVouchDto(record, 'Alan Turing')).toEqual({
      id: 7,
      type: 'recommendation',
      status: 'pending',
      vouchToken: record.vouchToken,
      publicToken: record.vouchToken,
      recipientName: 'Grace Hopper',
      recipientPhone: '+15551239876',
      reason: 'Trusted',
      skills: 'COBOL',
      characterTraits: null,
      accomplishments: null,
      voucherName: 'Alan Turing',
      relationship: 'manager',
      voucherId: 1,
      recipientId: null,
      createdAt: '2025-11-01T10:00:00.000Z',
      acceptedAt: null,
      expiresAt: '2025-12-01T10:00:00.000Z',
      lastSharedAt: null,
      addressedToMember: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(toVouchDto({ ...record, lastSharedAt: new Date('2025-11-02T08:00:00Z') }, 'Alan Turing').lastSharedAt).toBe('2025-11-02T08:00:00.000Z');
  });

  it('the public view never carries the full phone, when the voucher shared the link, nor member ids', () => {
    const dto = toPublicVouchDto({ ...record, lastSharedAt: new Date('2025-11-02T08:00:00Z'), recipientId: 9 }, 'Alan Turing');
    expect(dto.recipientPhone).toBe('•••-•••-9876');
    expect(dto.lastSharedAt).toBeNull();
    expect([dto.voucherId, dto.recipientId]).toEqual([null, null]);
    expect(JSON.stringify(dto)).not.toContain('5551239876');
  });
});

describe('expiry', () => {
  it('is VOUCH_EXPIRY_DAYS after creation, and a vouch is expired from that instant on', () => {
    const created = new Date('2025-11-01T10:00:00Z');
    const expires = expiryFrom(created, 30);
    expect(expires.toISOString()).toBe('2025-12-01T10:00:00.000Z');
    expect(isExpired({ expiresAt: expires }, new Date(expires.getTime() - 1))).toBe(false);
    expect(isExpired({ expiresAt: expires }, expires)).toBe(true);
  });

  it.each([
    [{}, 30],
    [{ VOUCH_EXPIRY_DAYS: '7' }, 7],
    [{ VOUCH_EXPIRY_DAYS: ' 0.5 ' }, 0.5],
  ])('configuration %j gives %d days', (env, days) => {
    expect(readVouchesConfig(env as NodeJS.ProcessEnv).expiryDays).toBe(days);
  });

  it.each([['0'], ['-3'], ['soon'], ['99999']])('VOUCH_EXPIRY_DAYS=%s is refused at start', (value) => {
    expect(() => readVouchesConfig({ VOUCH_EXPIRY_DAYS: value })).toThrow(/VOUCH_EXPIRY_DAYS/);
  });
});

describe('checking a new vouch', () => {
  const me = { memberId: 1, phone: '+15550001111' };
  const base = { type: 'recommendation', recipientName: ' Grace ', recipientPhone: '(555) 123-4567', reason: ' Trusted ', skills: 'COBOL', characterTraits: '', accomplishments: '  ' };

  const problemOf = (body: unknown): Problem => {
    try {
      toCreateVouchCommand(body, me);
    } catch (error) {
      if (error instanceof Problem) return error;
      throw error;
    }
    throw new Error('expected a 400');
  };

  it('normalises the phone, trims the texts and stores blank categories as null', () => {
    expect(toCreateVouchCommand(base, me)).toEqual({
      type: 'recommendation',
      recipientName: 'Grace',
      recipientPhone: '+15551234567',
      recipientMemberId: null,
      reason: 'Trusted',
      skills: 'COBOL',
      characterTraits: null,
      accomplishments: null,
      relationship: null,
    });
  });

  it('keeps the relationship the voucher chose; an unknown one is a 400 naming the field', () => {
    expect(toCreateVouchCommand({ ...base, relationship: 'manager' }, me).relationship).toBe('manager');
    const problem = problemOf({ ...base, relationship: 'boss' });
    expect(problem.status).toBe(400);
    expect(problem.errors?.map((e) => e.field)).toEqual(['relationship']);
  });

  it('an invite needs only a name and a phone', () => {
    expect(toCreateVouchCommand({ type: 'invite', recipientName: 'Ivy', recipientPhone: '5551234567' }, me)).toMatchObject({ reason: null, skills: null });
  });

  it('refuses my own phone', () => {
    expect(problemOf({ ...base, recipientPhone: '555-000-1111' })).toMatchObject({ status: 400, detail: VOUCH_MESSAGES.ownPhone });
  });

  it('lists every broken rule', () => {
    const problem = problemOf({ ...base, recipientName: '', recipientPhone: '123', reason: null, skills: null });
    expect(problem.errors?.map((e) => e.field)).toEqual(['recipientPhone', 'recipientName', 'characterTraits', 'skills', 'accomplishments', 'reason']);
  });
});

describe('the pending key', () => {
  it('names the voucher and the recipient phone, within the column width', () => {
    expect(pendingKey(2_147_483_647, '+15551234567')).toBe('2147483647:+15551234567');
    expect(pendingKey(2_147_483_647, '+15551234567').length).toBeLessThanOrEqual(40);
  });
});

describe('the name a vouch shows for its recipient (issue 44)', () => {
  const names = new Map([
    [1, 'Marcus Okafor'],
    [2, 'Sam Rivera'],
  ]);
  it('is the typed name until a member answers, then that member’s current name', () => {
    expect(recipientNameOf(names, { recipientId: null, recipientName: 'Sam Riviera' })).toBe('Sam Riviera');
    expect(recipientNameOf(names, { recipientId: 2, recipientName: 'Sam Riviera' })).toBe('Sam Rivera');
  });
  it('keeps the typed name when the member who answered is gone', () => {
    expect(recipientNameOf(names, { recipientId: 9, recipientName: 'Sam Riviera' })).toBe('Sam Riviera');
  });
  it('reads the vouchers and the members who answered, once each', () => {
    expect(namedMemberIds([{ voucherId: 1, recipientId: null }, { voucherId: 1, recipientId: 2 }, { voucherId: 3, recipientId: 2 }])).toEqual([1, 2, 3]);
  });
});
