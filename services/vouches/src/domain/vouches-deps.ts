// What every use case of the vouches service is given: its dependencies (database, clock, config)
// and the member the request is made by.
import type { Database } from '@vouch/service-core';
import type { Clock } from './clock';

export interface VouchesDeps {
  db: Database;
  clock: Clock;
  expiryDays: number;
  /** false: an acceptance does not ask for a background reputation recompute, because the
   *  caller runs recomputeReputation itself after a batch (the demo seed). Default true. */
  backgroundReputation?: boolean;
}

/** The member a request is made by: any signed-in member (a voucher, a recipient, or neither yet). */
export interface SignedInMember {
  memberId: number;
  /** The signed-in member's phone (E.164, from the session). */
  phone: string;
}

/**
 * Whoever answers a vouch: a member, or a session that proved its phone with a code and has no
 * member (memberId null: registration not complete), which may only decline (issue 44).
 */
export interface PhoneVerified {
  memberId: number | null;
  phone: string;
}
