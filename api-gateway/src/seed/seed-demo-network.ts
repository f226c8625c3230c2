// Writes the planned demo network through each service's public module (never their tables),
// skipping whatever is already there: members are found by phone, vouches by voucher and
// recipient, requests by the requester's count, plans by the member's tier. A phone already
// registered under another name belongs to a real person: the seed leaves them alone.
import { findMemberByPhone, registerMember, type Member } from '@vouch/service-auth';
import { isProblem, type Database } from '@vouch/service-core';
import { answerIntroductionAsTarget, answerSuggestionAsRequester, createIntroductionRequestAs, createSuggestionAs, introductionFacts } from '@vouch/service-introductions';
import { getTier, subscribeWithLocalBilling } from '@vouch/service-subscriptions';
import { acceptedVouchesFor, createMemberProfile, createVouchAs, respondToVouchAs } from '@vouch/service-vouches';
import { recomputeReputation } from '@vouch/service-vouches/worker';
import { seedAddressedRequest } from './addressed-request';
import { planDemoNetwork, type PlannedMember, type PlannedVouch } from './plan';

export interface SeedOptions {
  /** Members in the network (default 300). */
  members?: number;
  /** The instant the network is built up to (default: now). */
  now?: Date;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Told what the seed is doing now, before each step (default: nothing). */
  stage?: (what: string) => void;
}

export interface SeedReport {
  members: { created: number; existing: number; leftAlone: number };
  vouches: { accepted: number; pending: number; existing: number; skipped: number };
  /** addressed: the request to a member through Marcus (issue 44), made this run (0 or 1). */
  requests: { created: number; existing: number; suggestions: number; introduced: number; addressed: number };
  plans: { changed: number };
  reputation: { members: number; changed: number };
}

const HOUR = 60 * 60 * 1000;

/** Builds (or completes) the demo network on `db`, whose migrations have run. */
export async function seedDemoNetwork(db: Database, options: SeedOptions = {}): Promise<SeedReport> {
  const log = options.log ?? (() => undefined);
  const stage = options.stage ?? (() => undefined);
  const now = options.now ?? new Date();
  const plan = planDemoNetwork(options.members ?? 300, now);
  const report: SeedReport = {
    members: { created: 0, existing: 0, leftAlone: 0 },
    vouches: { accepted: 0, pending: 0, existing: 0, skipped: 0 },
    requests: { created: 0, existing: 0, suggestions: 0, introduced: 0, addressed: 0 },
    plans: { changed: 0 },
    reputation: { members: 0, changed: 0 },
  };

  stage('adding members');
  // 1. Members, by phone. The index → member id map only holds the seed's own members.
  const ids = new Map<number, number>();
  for (const planned of plan.members) {
    const member = await ensureMember(db, planned, report);
    if (member) ids.set(planned.index, member.id);
    if ((planned.index + 1) % 100 === 0 || planned.index + 1 === plan.members.length) log(`members ${planned.index + 1}/${plan.members.length}`);
  }

  stage('choosing plans');
  // 2. Plans (before vouches: a paid plan's allowance is what a busy member needs).
  for (const planned of plan.members) {
    const id = ids.get(planned.index);
    if (id === undefined || planned.plan === 'free') continue;
    if ((await getTier(db, id)).plan === planned.plan) continue;
    await subscribeWithLocalBilling(db, id, planned.plan);
    report.plans.changed += 1;
  }

  stage('adding vouches');
  // 3. Vouches, oldest first, each created and answered at its own instant.
  const accepted = new Set((await acceptedVouchesFor(db, [...ids.values()])).map((v) => `${v.voucherId}>${v.recipientId}`));
  let done = 0;
  for (const vouch of plan.vouches) {
    await ensureVouch(db, vouch, plan.members, ids, accepted, report);
    done += 1;
    if (done % 250 === 0 || done === plan.vouches.length) log(`vouches ${done}/${plan.vouches.length}`);
  }

  stage('adding introduction requests');
  // 4. Introduction requests with their suggestions.
  for (const request of plan.requests) {
    const requesterId = ids.get(request.requester);
    if (requesterId === undefined) continue;
    const requester = await findMemberByPhone(db, plan.members[request.requester]!.phone);
    if (!requester || requester.introductionRequestsCount > 0) {
      report.requests.existing += 1;
      continue;
    }
    const created = await createIntroductionRequestAs(db, requesterId, request.body, request.createdAt);
    report.requests.created += 1;
    const answers: { suggestionId: number; action: 'accept'; at: Date; targetId: number; targetAgrees: boolean }[] = [];
    for (const [n, suggestion] of request.suggestions.entries()) {
      const suggesterId = ids.get(suggestion.suggester);
      const personId = ids.get(suggestion.person);
      if (suggesterId === undefined || personId === undefined) continue;
      const at = new Date(request.createdAt.getTime() + (n + 1) * 5 * HOUR);
      const made = await createSuggestionAs(db, suggesterId, { requestId: created.id, suggestedPersonId: personId, reasoning: suggestion.reasoning }, at);
      report.requests.suggestions += 1;
      if (suggestion.answer) answers.push({ suggestionId: made.id, action: suggestion.answer, at: new Date(at.getTime() + 24 * HOUR), targetId: personId, targetAgrees: suggestion.targetAgrees });
    }
    // Answered once every suggestion is in: an accepted one closes the request to new ones.
    for (const answer of answers) {
      const accepted = await answerSuggestionAsRequester(db, requesterId, answer.suggestionId, answer.action, answer.at);
      if (!answer.targetAgrees || !accepted.introduction) continue;
      await answerIntroductionAsTarget(db, answer.targetId, accepted.introduction.id, 'accept', new Date(answer.at.getTime() + 12 * HOUR));
      report.requests.introduced += 1;
    }
  }
  // After the requests to the network: Maya's own one among them is found by her count.
  report.requests.addressed = await seedAddressedRequest(db, new Date(now.getTime() - 6 * HOUR));
  log(`introduction requests ${report.requests.created} created, ${report.requests.existing} already there; ${report.requests.addressed} addressed to a member`);

  // 5. Scores, live now rather than after the next accepted vouch.
  // Accepts only marked runs wanted (the worker's job); this one run, with the introduction
  // facts, covers them all, and the worker's later run finds nothing changed.
  stage('recomputing reputation');
  report.reputation = await recomputeReputation(db, { introductionFacts: () => introductionFacts(db), now });
  log(`reputation recomputed for ${report.reputation.members} members (${report.reputation.changed} changed)`);
  return report;
}

async function ensureMember(db: Database, planned: PlannedMember, report: SeedReport): Promise<Member | null> {
  const name = `${planned.firstName} ${planned.lastName}`;
  const existing = await findMemberByPhone(db, planned.phone);
  if (existing) {
    if (existing.name === name) {
      report.members.existing += 1;
      return existing;
    }
    report.members.leftAlone += 1;
    return null;
  }
  report.members.created += 1;
  const member = await registerMember(db, { phone: planned.phone, firstName: planned.firstName, lastName: planned.lastName }, planned.joinedAt);
  // As a registration does: the member's public profile exists from the start.
  await createMemberProfile(db, member, { isPublic: true }, planned.joinedAt);
  return member;
}

async function ensureVouch(
  db: Database,
  vouch: PlannedVouch,
  members: readonly PlannedMember[],
  ids: ReadonlyMap<number, number>,
  accepted: Set<string>,
  report: SeedReport,
): Promise<void> {
  const voucherId = ids.get(vouch.from);
  const recipientId = typeof vouch.to === 'number' ? ids.get(vouch.to) : undefined;
  const recipient = typeof vouch.to === 'number' ? members[vouch.to]! : vouch.to;
  const recipientName = 'firstName' in recipient ? `${recipient.firstName} ${recipient.lastName}` : recipient.name;
  // Only between the seed's own members; an invitee's phone that became a real member is left alone.
  if (voucherId === undefined || (typeof vouch.to === 'number' ? recipientId === undefined : (await findMemberByPhone(db, vouch.to.phone)) !== null)) {
    report.vouches.skipped += 1;
    return;
  }
  if (recipientId !== undefined && accepted.has(`${voucherId}>${recipientId}`)) {
    report.vouches.existing += 1;
    return;
  }
  let created;
  try {
    created = await createVouchAs(db, voucherId, { type: vouch.type, recipientName, recipientPhone: recipient.phone, ...vouch.body }, { now: vouch.createdAt });
  } catch (error) {
    // 409: this pending vouch is there from an earlier run. 402: the voucher's month is used up.
    if (isProblem(error) && error.status === 409) report.vouches.existing += 1;
    else if (isProblem(error) && error.status === 402) report.vouches.skipped += 1;
    else throw error;
    return;
  }
  if (vouch.status === 'accepted' && recipientId !== undefined) {
    await respondToVouchAs(db, recipientId, { vouchToken: created.vouchToken, action: 'accept' }, { now: vouch.answeredAt ?? vouch.createdAt, backgroundReputation: false });
    accepted.add(`${voucherId}>${recipientId}`);
    report.vouches.accepted += 1;
  } else {
    report.vouches.pending += 1;
  }
}
