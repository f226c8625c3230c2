import type { UserProfile } from '@vouch/contracts';

/** A member as the rest of the system sees it (SPEC §3 "User profile" + id). */
export interface Member {
  id: number;
  phone: string;
  name: string;
  onboardingComplete: boolean;
  socialCapitalBalance: number;
  introductionScore: number;
  connectorScore: number;
  vouchScore: number;
  reputationScore: number;
  vouchesGiven: number;
  vouchesReceived: number;
  introductionRequestsCount: number;
  connectionsCount: number;
  profileViews: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The counters and scores kept on the member row, written only through updateMemberStats. */
export const MEMBER_STAT_FIELDS = [
  'socialCapitalBalance',
  'introductionScore',
  'connectorScore',
  'vouchScore',
  'reputationScore',
  'vouchesGiven',
  'vouchesReceived',
  'introductionRequestsCount',
  'connectionsCount',
  'profileViews',
] as const;
export type MemberStatField = (typeof MEMBER_STAT_FIELDS)[number];

/**
 * A change to a member's stats: a number sets the field, `{ increment: n }` adds to it
 * atomically in the database (safe under concurrent requests; n may be negative).
 */
export type MemberStatsPatch = Partial<Record<MemberStatField, number | { increment: number }>> & {
  onboardingComplete?: boolean;
};

/** The `user` of `GET /api/user/profile`, of the session and of the registration answer (contracts' userSchema). */
export function toUserProfile(member: Member): UserProfile {
  const { updatedAt: _updatedAt, createdAt, ...rest } = member;
  return { ...rest, createdAt: createdAt.toISOString() };
}

/** "First Last" from the registration form (inputs already trimmed). */
export function memberName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}
