/**
 * The rules of the profile summary card and the public profile page (SPEC "Profile summary
 * card", "Public profile page", §5 "QR text must not be empty", §9 limits). Pure.
 */
import {
  PROFILE_MESSAGES,
  PROFILE_SUMMARY_VOUCH_LIMIT,
  PROFILE_TAG_LIMIT,
  publicProfilePath,
  type MySummary,
  type Profile,
  type PublicProfileVouch,
} from '@vouch/contracts';

/** The summary sentence, or the fallback while there is none. */
export function summaryText(profile: Pick<Profile, 'currentSummary'>): string {
  return profile.currentSummary?.trim() || PROFILE_MESSAGES.fallbackSummary;
}

/** At most 8 tags of a kind (the server sends at most 8; the screen holds to it anyway). */
export function limitTags(tags: readonly string[], limit: number = PROFILE_TAG_LIMIT): string[] {
  return tags.filter((tag) => tag.trim() !== '').slice(0, limit);
}

const acceptedTime = (vouch: Pick<PublicProfileVouch, 'acceptedAt'>): number => {
  const time = Date.parse(vouch.acceptedAt);
  return Number.isNaN(time) ? 0 : time;
};

/** The most recently accepted vouches first, at most `limit` (2 on the card, 3 on the public page). */
export function recentVouches<V extends Pick<PublicProfileVouch, 'acceptedAt'>>(vouches: readonly V[], limit: number = PROFILE_SUMMARY_VOUCH_LIMIT): V[] {
  return [...vouches].sort((a, b) => acceptedTime(b) - acceptedTime(a)).slice(0, Math.max(0, limit));
}

/** "+ 4 more vouches" under the public page's recent vouches, or null when all are shown. */
export function moreVouchesText(totalVouches: number, shown: number): string | null {
  const more = totalVouches - shown;
  if (!(more > 0)) return null;
  return `+ ${more} more ${more === 1 ? 'vouch' : 'vouches'}`;
}

/**
 * "Vouched by 8 people, 2 of whom you know" for a signed-in visitor (from accepted vouches; the
 * people you know are joined to you by an accepted vouch too).
 */
export function vouchedByText(vouchedByCount: number, knownCount: number): string {
  if (vouchedByCount === 0) return 'No one has vouched yet';
  if (vouchedByCount === 1) return knownCount > 0 ? 'Vouched by 1 person, whom you know' : 'Vouched by 1 person, whom you do not know yet';
  const known = knownCount === 0 ? 'none of whom you know yet' : knownCount === vouchedByCount ? `all ${knownCount} of whom you know` : `${knownCount} of whom you know`;
  return `Vouched by ${vouchedByCount} people, ${known}`;
}

/** The card appears only with a profile and at least one vouch (SPEC "Profile summary card"). */
export function hasSummaryCard(summary: MySummary | null | undefined): summary is MySummary {
  return !!summary?.profile && summary.stats.vouchCount > 0;
}

/** The full address of a public profile, for sharing and the QR code. */
export function publicProfileUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}${publicProfilePath(slug)}`;
}

/** What the QR code encodes: the trimmed link, or null when there is none (SPEC §5: QR text must not be empty). */
export function qrText(url: string | null | undefined): string | null {
  const text = url?.trim() ?? '';
  return text === '' ? null : text;
}

/** Side of the share dialog's QR code, in CSS pixels (SPEC §9). */
export const QR_SIZE_PX = 256;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Mar 4, 2025" style date of an accepted vouch (local time); empty for a malformed instant.
 * English is written by hand: a phone's first `toLocaleDateString` loads the locale's date
 * formats, ~45 ms in the public profile's render (issue 17). Another locale goes through Intl.
 */
export function formatAcceptedDate(iso: string, locale: string = 'en-US'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (locale !== 'en-US') return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
