// Issue 10's vouch rules as plain functions: who may revoke which vouch, how ids are read, and
// what an account deletion takes back from the vouchers of the member's received vouches.
import { Problem } from '@vouch/service-core';
import { vouchesGivenToTakeBack } from '../src/features/member-data/domain/member-data';
import { revocationRefusal } from '../src/features/vouching/domain/revocation';
import { FORMER_MEMBER_ID, FORMER_MEMBER_NAME, voucherNameOf } from '../src/domain/vouch';

const refusal = (vouch: Parameters<typeof revocationRefusal>[0], memberId: number) => {
  const problem = revocationRefusal(vouch, memberId);
  return problem && { status: (problem as Problem).status, detail: problem.detail };
};

describe('revoking a vouch', () => {
  it('the voucher may revoke while it is pending', () => {
    expect(revocationRefusal({ voucherId: 7, status: 'pending' }, 7)).toBeNull();
  });

  it('a vouch that does not exist or that someone else sent is not found (it tells a stranger nothing)', () => {
    const notFound = { status: 404, detail: 'Vouch Not Found - This Vouch may have expired or been removed.' };
    expect(refusal(null, 7)).toEqual(notFound);
    expect(refusal({ voucherId: 8, status: 'pending' }, 7)).toEqual(notFound);
    expect(refusal({ voucherId: 8, status: 'accepted' }, 7)).toEqual(notFound);
  });

  it.each([
    ['accepted', 'This Vouch has already been accepted: only a pending Vouch can be revoked.'],
    ['rejected', 'This Vouch has already been rejected: only a pending Vouch can be revoked.'],
    ['revoked', 'This Vouch has already been revoked.'],
  ] as const)('a %s vouch is a conflict that says why', (status, detail) => {
    expect(refusal({ voucherId: 7, status }, 7)).toEqual({ status: 409, detail });
  });
});

describe('a deleted account', () => {
  it('takes one vouchesGiven back from the voucher of each accepted vouch the member received', () => {
    const received = [
      { voucherId: 2, status: 'accepted' as const },
      { voucherId: 2, status: 'accepted' as const },
      { voucherId: 3, status: 'accepted' as const },
      { voucherId: 4, status: 'pending' as const },
      { voucherId: 5, status: 'rejected' as const },
      { voucherId: FORMER_MEMBER_ID, status: 'accepted' as const },
    ];
    expect([...vouchesGivenToTakeBack(received, 1)]).toEqual([
      [2, 2],
      [3, 1],
    ]);
  });

  it('leaves the vouches of a former member as "A former member"; an unknown voucher is "A member"', () => {
    const names = new Map([[2, 'Ann Lee']]);
    expect(voucherNameOf(names, 2)).toBe('Ann Lee');
    expect(voucherNameOf(names, FORMER_MEMBER_ID)).toBe(FORMER_MEMBER_NAME);
    expect(FORMER_MEMBER_NAME).toBe('A former member');
    expect(voucherNameOf(names, 99)).toBe('A member');
  });
});
