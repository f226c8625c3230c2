import type { MySummary } from '@vouch/contracts';
import {
  formatAcceptedDate,
  hasSummaryCard,
  limitTags,
  moreVouchesText,
  publicProfileUrl,
  qrText,
  QR_SIZE_PX,
  recentVouches,
  summaryText,
  vouchedByText,
} from '../src/lib/profile-summary';
import { profilePageTitle } from '../src/features/public-profile/lib/page-title';

const summary = (vouchCount: number): MySummary => ({
  profile: { profileSlug: 'ada-lovelace', isPublic: true, currentSummary: null, customBio: null, headline: null, createdAt: '2025-01-01T00:00:00Z' },
  vouches: [],
  stats: { vouchCount, recommendationCount: vouchCount, invitationCount: 0, skillTags: [], traitTags: [] },
});

describe('the profile summary card and public profile (SPEC "Profile summary card", "Public profile page", §9)', () => {
  it('falls back to the building-reputation sentence without a summary', () => {
    expect(summaryText({ currentSummary: null })).toBe('This professional is building their reputation through peer vouches');
    expect(summaryText({ currentSummary: '  ' })).toBe('This professional is building their reputation through peer vouches');
    expect(summaryText({ currentSummary: 'Vouched for by 2 people for TypeScript.' })).toBe('Vouched for by 2 people for TypeScript.');
  });

  it('shows at most 8 tags of each kind, none blank', () => {
    const tags = Array.from({ length: 11 }, (_, i) => `Tag ${i + 1}`);
    expect(limitTags(tags)).toEqual(tags.slice(0, 8));
    expect(limitTags(['Go', ' ', 'Rust'])).toEqual(['Go', 'Rust']);
  });

  it('keeps the most recently accepted vouches: 2 on the card, 3 on the public page', () => {
    const vouches = ['2025-01-02', '2025-03-01', '2025-02-01', '2025-04-01'].map((day, id) => ({ id, acceptedAt: `${day}T00:00:00Z` }));
    expect(recentVouches(vouches).map((v) => v.id)).toEqual([3, 1]);
    expect(recentVouches(vouches, 3).map((v) => v.id)).toEqual([3, 1, 2]);
    expect(vouches.map((v) => v.id)).toEqual([0, 1, 2, 3]); // not sorted in place
  });

  it('says how many more vouches there are beyond the ones shown', () => {
    expect(moreVouchesText(7, 3)).toBe('+ 4 more vouches');
    expect(moreVouchesText(4, 3)).toBe('+ 1 more vouch');
    expect(moreVouchesText(3, 3)).toBeNull();
    expect(moreVouchesText(0, 0)).toBeNull();
  });

  it('tells a signed-in visitor who vouched and how many are in their network', () => {
    expect(vouchedByText(8, 2)).toBe('Vouched by 8 people, 2 of whom you know');
    expect(vouchedByText(8, 0)).toBe('Vouched by 8 people, none of whom you know yet');
    expect(vouchedByText(3, 3)).toBe('Vouched by 3 people, all 3 of whom you know');
    expect(vouchedByText(1, 1)).toBe('Vouched by 1 person, whom you know');
    expect(vouchedByText(1, 0)).toBe('Vouched by 1 person, whom you do not know yet');
    expect(vouchedByText(0, 0)).toBe('No one has vouched yet');
  });

  it('is shown only with a profile and at least one vouch', () => {
    expect(hasSummaryCard(summary(1))).toBe(true);
    expect(hasSummaryCard(summary(0))).toBe(false);
    expect(hasSummaryCard(null)).toBe(false);
    expect(hasSummaryCard(undefined)).toBe(false);
  });

  it('shares the public page by its full address; the QR code (256 px) never encodes empty text', () => {
    expect(publicProfileUrl('https://vouch.example/', 'ada-lovelace')).toBe('https://vouch.example/profile/ada-lovelace');
    expect(qrText(' https://vouch.example/profile/ada ')).toBe('https://vouch.example/profile/ada');
    expect(qrText('')).toBeNull();
    expect(qrText('   ')).toBeNull();
    expect(qrText(undefined)).toBeNull();
    expect(QR_SIZE_PX).toBe(256);
  });

  it('titles the page "{Name} | Vouch", as the server does', () => {
    expect(profilePageTitle('Ada Lovelace')).toBe('Ada Lovelace | Vouch');
    expect(profilePageTitle(null)).toBe('Profile Not Found | Vouch');
  });

  it('dates an accepted vouch, and leaves a malformed date blank', () => {
    expect(formatAcceptedDate('2025-03-04T12:00:00Z', 'en-US')).toBe('Mar 4, 2025');
    expect(formatAcceptedDate('nope')).toBe('');
    expect(formatAcceptedDate('2025-03-04T12:00:00Z', 'de-DE')).toBe('4. März 2025');
    // Every month as Intl writes it in English.
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(2025, month, 15, 12).toISOString();
      expect(formatAcceptedDate(iso)).toBe(new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    }
  });
});
