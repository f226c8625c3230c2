// The demo's request addressed to a member (issue 44): Maya (demo member 0) asks Marcus (demo
// member 1) to introduce her to one of his 1° connections she does not know, so signing in as
// Marcus shows "Maya Chen asks to be introduced to …" to forward or decline, and Maya's My
// Requests shows it waiting for him.
import { findMemberByPhone } from '@vouch/service-auth';
import { isProblem, type Database } from '@vouch/service-core';
import { createAddressedRequestAs } from '@vouch/service-introductions';
import { neighbourIdsOf } from '@vouch/service-vouches';
import { DEMO_MEMBERS } from './plan';

/**
 * Makes the request unless one of Maya's to that member is still open (the 409 of a second one):
 * 1 when made, 0 otherwise. The member is the lowest id among Marcus's 1° people who are not
 * Maya's, so a second run picks the same one. Nothing when Maya and Marcus are not connected.
 */
export async function seedAddressedRequest(db: Database, at: Date): Promise<number> {
  const [maya, marcus] = await Promise.all([findMemberByPhone(db, DEMO_MEMBERS[0].phone), findMemberByPhone(db, DEMO_MEMBERS[1].phone)]);
  if (!maya || !marcus) return 0;
  const lists = await neighbourIdsOf(db, [maya.id, marcus.id]);
  const mine = new Set(lists.get(maya.id) ?? []);
  if (!mine.has(marcus.id)) return 0;
  const targetId = (lists.get(marcus.id) ?? []).filter((id) => id !== maya.id && !mine.has(id)).sort((a, b) => a - b)[0];
  if (targetId === undefined) return 0;
  const reason = 'I am building a design system for our product and would love to hear how your team runs theirs.';
  try {
    await createAddressedRequestAs(db, maya.id, { targetId, connectorId: marcus.id, reason }, at);
    return 1;
  } catch (error) {
    if (isProblem(error) && error.status === 409) return 0;
    throw error;
  }
}
