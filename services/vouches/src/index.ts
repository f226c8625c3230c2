// Public module of the vouches service: its definition and what other code may call.
import type { Database } from '@vouch/service-core';
import service from './service';

export default service;

/**
 * The recipient a vouch link was sent to, so auth can sign them in through the link
 * (ServiceHooks.vouchRecipient). Null for an unknown token.
 * Skeleton: always null until the vouches table exists (the vouches feature issue).
 */
export async function vouchRecipient(_db: Database, _vouchToken: string): Promise<{ phone: string; name: string } | null> {
  return null;
}
