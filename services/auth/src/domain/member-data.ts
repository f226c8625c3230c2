import type { Transaction } from 'sequelize';
import type { Database, Logger } from '@vouch/service-core';

/**
 * One service's share of "export my data" and "delete my account" (issue 10). Each service
 * exports one of these from its public module; the gateway passes them to auth in
 * `createAuthService({ memberDataParts })`, rows that reference others first (auth's own rows,
 * sessions, codes and the member, always go last), and auth composes them, so no service
 * touches another's tables.
 */
/** What a person chooses when they register, for the parts to start their rows with. */
export interface MemberChoices {
  /** Whether their profile is public (complete-registration's isPublic; default true). */
  isPublic: boolean;
  /**
   * The name is the one a voucher typed (an account made through a vouch link, issue 44): the
   * member's first name change replaces the URL made from it.
   */
  nameFromVoucher?: boolean;
}

export interface MemberDataPart {
  /** The key of this part in the export document, e.g. "vouches". */
  readonly name: string;
  /**
   * Runs once a new member's row committed: the rows this service starts a member with (vouches:
   * the profile, with the visibility they chose). Idempotent (a read never creates them instead).
   */
  createMemberData?(db: Database, member: { id: number; name: string }, choices: MemberChoices, now: Date): Promise<void>;
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

/**
 * Every part's rows for a member who has just registered (through the names step or a vouch
 * link), once the member's row committed: best effort. A part that fails (a connection lost right
 * after the commit) is logged and skipped, never an error: the member exists, and a 503 would make
 * the client's retry hear 409 ALREADY_REGISTERED (or, signing in, a spent code). The profile it
 * would have made is made by the member's first profile edit (ensureProfile), private unless they choose.
 */
export async function startMemberData(parts: readonly MemberDataPart[] | undefined, db: Database, member: { id: number; name: string }, choices: MemberChoices, now: Date, logger: Pick<Logger, 'error'>): Promise<void> {
  for (const part of parts ?? []) {
    try {
      await part.createMemberData?.(db, member, choices, now);
    } catch (error) {
      logger.error({ err: error, memberId: member.id, part: part.name }, "could not start a new member's rows: made when first needed");
    }
  }
}
