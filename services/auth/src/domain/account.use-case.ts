import type { UserProfile } from '@vouch/contracts';
import { problems, type Database } from '@vouch/service-core';
import { deleteMemberRows, listSessionSummaries, type SessionSummary } from '../data-access/account.repository';
import { findMemberById } from '../data-access/member.repository';
import { toUserProfile } from './member';
import type { MemberDataPart } from './member-data';
import { endSessions, type SessionsEndedListener } from './session-end';
import { requireRecentVerification } from './sign-in.use-case';

export interface AccountDeps {
  db: Database;
  env: NodeJS.ProcessEnv;
  /** Every other service's part (createAuthService({ memberDataParts })); undefined when this auth runs without them. */
  parts: readonly MemberDataPart[] | undefined;
  clock: () => Date;
  /** Told of the sessions the deletion ends (session-end.ts). */
  sessionsEnded: readonly SessionsEndedListener[];
}

/** The JSON document of GET /api/account/export. */
export interface AccountExport {
  format: 'vouch-member-data/1';
  exportedAt: string;
  member: UserProfile;
  sessions: SessionSummary[];
  /** One entry per service part, keyed by its name (vouches, introductions, subscriptions). */
  [part: string]: unknown;
}

/** Without the other services' parts a deletion would leave their rows behind (or, on MariaDB, cascade into vouches given). */
function requireParts(parts: AccountDeps['parts']): readonly MemberDataPart[] {
  if (!parts) throw problems.serviceUnavailable('Your data cannot be exported or deleted on this server right now. Please try again later.');
  return parts;
}

async function requireMemberRow(db: Database, memberId: number) {
  const member = await findMemberById(db, memberId);
  if (!member) throw problems.unauthorized();
  return member;
}

/**
 * Everything the product holds about the member: the member row and session dates (auth), then
 * each service's part. Read in one transaction so the parts agree with each other.
 */
export async function exportAccount(deps: AccountDeps, memberId: number): Promise<AccountExport> {
  const parts = requireParts(deps.parts);
  const member = await requireMemberRow(deps.db, memberId);
  return deps.db.transaction(async (t) => {
    const document: AccountExport = {
      format: 'vouch-member-data/1',
      exportedAt: deps.clock().toISOString(),
      member: toUserProfile(member),
      sessions: await listSessionSummaries(deps.db, member, t),
    };
    for (const part of parts) document[part.name] = await part.exportMemberData(deps.db, member.id, t);
    return document;
  });
}

/**
 * Deletes the member's account: all or nothing, and only from a session that entered a fresh
 * code in the last 10 minutes (403 REVERIFICATION_REQUIRED otherwise: a session left open or
 * stolen cannot do it alone). First each part's outside work (cancelling a Stripe subscription;
 * idempotent, and a failure stops here with nothing deleted), then one database transaction in
 * which every part forgets the member, every session ends (its listeners told) and auth deletes
 * the sessions, codes, devices and the member row; then the parts' follow-ups (reputation recompute).
 */
export async function deleteAccount(deps: AccountDeps, memberId: number, sessionId: string): Promise<void> {
  const parts = requireParts(deps.parts);
  const member = await requireMemberRow(deps.db, memberId);
  await requireRecentVerification(deps.db, sessionId, deps.clock(), 'deleting your account');
  const who = { id: member.id, phone: member.phone };
  for (const part of parts) await part.prepareForget?.({ db: deps.db, env: deps.env, memberId: member.id });
  await deps.db.transaction(async (t) => {
    for (const part of parts) await part.forgetMember(deps.db, t, who);
    await endSessions({ db: deps.db, listeners: deps.sessionsEnded }, { kind: 'member', member: who }, 'account-deleted', deps.clock(), t);
    await deleteMemberRows(deps.db, t, who);
  });
  for (const part of parts) await part.afterForget?.(deps.db);
}
