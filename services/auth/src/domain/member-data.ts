import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';

/**
 * One service's share of "export my data" and "delete my account" (issue 10). Each service
 * exports one of these from its public module; the gateway passes them to auth in
 * `createAuthService({ memberDataParts })`, rows that reference others first (auth's own rows,
 * sessions, codes and the member, always go last), and auth composes them, so no service
 * touches another's tables.
 */
export interface MemberDataPart {
  /** The key of this part in the export document, e.g. "vouches". */
  readonly name: string;
  /** Everything this service holds about the member, as plain JSON (never a secret: no tokens, hashes or provider keys). */
  exportMemberData(db: Database, memberId: number, t: Transaction): Promise<Record<string, unknown>>;
  /**
   * Runs before the deletion's transaction, outside it: talks to outside providers (Stripe)
   * and must be idempotent, because a deletion that fails later is retried from the start.
   * Throws a Problem (502/503) to stop the deletion before anything is written.
   */
  prepareForget?(input: { db: Database; env: NodeJS.ProcessEnv; memberId: number }): Promise<void>;
  /** Removes or anonymises this service's rows about the member: database only (the transaction may run twice on a MariaDB deadlock). */
  forgetMember(db: Database, t: Transaction, member: { id: number; phone: string }): Promise<void>;
  /** After the deletion committed (e.g. a reputation recompute); must not throw. */
  afterForget?(db: Database): Promise<void> | void;
}
