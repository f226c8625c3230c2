// The avatar menu's data rights (issue 10): the typed confirmation, the export's file name and
// what a failure toast says.
import { ApiError } from '@vouch/shell-sdk';
import { accountFailureText } from '../src/features/header/api/account';
import { DELETE_CONFIRMATION, exportFileName, isDeleteConfirmed } from '../src/features/header/header-rules';

describe('the Delete account confirmation', () => {
  it('works once DELETE is typed (surrounding spaces ignored)', () => {
    expect(DELETE_CONFIRMATION).toBe('DELETE');
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed('  DELETE ')).toBe(true);
  });

  it.each(['', 'delete', 'DELET', 'DELETE ME', 'yes'])('%p is not a confirmation', (typed) => {
    expect(isDeleteConfirmed(typed)).toBe(false);
  });
});

describe('the export file', () => {
  it("is named after the export's day", () => {
    expect(exportFileName('2026-11-22T06:30:00.000Z')).toBe('vouch-data-2026-11-22.json');
  });

  it("falls back to today's date without one", () => {
    expect(exportFileName(undefined, new Date('2026-01-02T10:00:00Z'))).toBe('vouch-data-2026-01-02.json');
    expect(exportFileName('garbage', new Date('2026-01-02T10:00:00Z'))).toBe('vouch-data-2026-01-02.json');
  });
});

describe('a failed export or deletion', () => {
  it("shows the server's sentence (Stripe 502, 503)", () => {
    const stripe = new ApiError(502, 'Stripe could not cancel your subscription; nothing was changed. Please try again in a moment.', null);
    expect(accountFailureText(stripe, 'Failed to delete your account')).toBe(stripe.detail);
  });

  it('falls back to a plain sentence on a 500 or a network failure', () => {
    expect(accountFailureText(new ApiError(500, 'Internal Server Error', null), 'Failed to delete your account')).toBe('Failed to delete your account');
    expect(accountFailureText(new TypeError('Failed to fetch'), 'Failed to export your data')).toBe('Failed to export your data');
  });
});
