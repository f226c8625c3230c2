// Revocation on the web side (issue 10): what the public page and the toast say.
import { ApiError } from '@vouch/shell-sdk';
import { removedBySender } from '../src/features/vouches/lib/public-vouch';
import { revokeFailureText } from '../src/features/vouches/api/revoke-vouch';

describe('a revoked vouch on its public page', () => {
  it('a 410 is "removed", with the server sentence', () => {
    expect(removedBySender(new ApiError(410, 'This Vouch was removed by its sender.', null))).toBe('This Vouch was removed by its sender.');
  });

  it('a 404 or a failure is not', () => {
    expect(removedBySender(new ApiError(404, 'Vouch Not Found', null))).toBeNull();
    expect(removedBySender(new Error('offline'))).toBeNull();
  });
});

describe('a failed revocation toast', () => {
  it('says why when the server did (409: answered meanwhile)', () => {
    const error = new ApiError(409, 'This Vouch has already been accepted: only a pending Vouch can be revoked.', null);
    expect(revokeFailureText(error)).toBe('This Vouch has already been accepted: only a pending Vouch can be revoked.');
  });

  it('falls back to a plain sentence on a server error or a network failure', () => {
    expect(revokeFailureText(new ApiError(503, 'Service Unavailable', null))).toBe('Failed to revoke Vouch');
    expect(revokeFailureText(new TypeError('Failed to fetch'))).toBe('Failed to revoke Vouch');
  });
});
