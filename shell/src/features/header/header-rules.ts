/** The header's display rules (SPEC "Header"), free of React so they are tested on their own. */

/** SPEC §9: the activity badge shows the count up to 9, then "9+". */
export const ACTIVITY_BADGE_CAP = 9;
/** SPEC §7: GET /api/activities is refetched every 30 s. */
export const ACTIVITY_REFETCH_MS = 30_000;

/** Avatar initials: the first letters of the first two words of the name ("Ada King Lovelace" → "AK"). */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

/** The bell's badge: nothing for 0, the count up to 9, then "9+". */
export function activityBadgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > ACTIVITY_BADGE_CAP ? `${ACTIVITY_BADGE_CAP}+` : String(Math.floor(count));
}

export type ActivityIconName = 'vouch-created' | 'vouch-accepted' | 'vouch-rejected' | 'introduction-requested' | 'introduction-accepted' | 'default';

/** One icon per SPEC §3 activity type; any other type gets the default icon. */
export function activityIconName(type: string): ActivityIconName {
  switch (type) {
    case 'vouch_created':
      return 'vouch-created';
    case 'vouch_accepted':
      return 'vouch-accepted';
    case 'vouch_rejected':
      return 'vouch-rejected';
    case 'introduction_requested':
      return 'introduction-requested';
    case 'introduction_accepted':
      return 'introduction-accepted';
    default:
      return 'default';
  }
}

export interface MemberMenuLink {
  value: string;
  label: string;
  path: string;
  /** Locked (greyed, lock icon, not navigable) until the member has a vouch (SPEC §6). */
  needsVouch: boolean;
}

/** The avatar menu's pages, in SPEC order. Network Map appears only when a path is supplied. */
export function memberMenuLinks(networkMapPath?: string): MemberMenuLink[] {
  const links: MemberMenuLink[] = [
    { value: 'my-vouches', label: 'My Vouches', path: '/my-vouches', needsVouch: false },
    { value: 'introduction-requests', label: 'Introduction Requests', path: '/introduction-requests', needsVouch: true },
  ];
  if (networkMapPath) links.push({ value: 'network-map', label: 'Network Map', path: networkMapPath, needsVouch: true });
  links.push(
    { value: 'stats', label: 'Stats', path: '/stats', needsVouch: true },
    { value: 'subscription', label: 'Subscription', path: '/subscription', needsVouch: false },
  );
  return links;
}

/** What the member types in the Delete account dialog before the button works. */
export const DELETE_CONFIRMATION = 'DELETE';

/** The typed confirmation, surrounding spaces ignored; case matters, so it is typed on purpose. */
export function isDeleteConfirmed(typed: string): boolean {
  return typed.trim() === DELETE_CONFIRMATION;
}

/** "vouch-data-2026-11-22.json": the export's day (the server's exportedAt), else today's. */
export function exportFileName(exportedAt: string | undefined, now: Date = new Date()): string {
  const day = exportedAt && /^\d{4}-\d{2}-\d{2}/.test(exportedAt) ? exportedAt.slice(0, 10) : now.toISOString().slice(0, 10);
  return `vouch-data-${day}.json`;
}

/** The six digits of a sign-in code, as typed (anything else dropped). */
export function cleanConfirmationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

export const isCodeComplete = (code: string): boolean => /^\d{6}$/.test(code);

/** A new phone number is ready to be sent once it has its ten digits (a leading country code 1 aside). */
export const isPhoneComplete = (typed: string): boolean => typed.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '').length === 10;
