// Every service the gateway serves, and what the gateway passes between them.
import { createAuthService, explainSessionRefusal, memberWriteStamps, resolveSession, type MemberDataPart, type SessionsEndedListener } from '@vouch/service-auth';
import introductions, { introductionsMemberData } from '@vouch/service-introductions';
import network from '@vouch/service-network';
import notifications, { forgetSessionDevices, notificationsMemberData, outboxLag } from '@vouch/service-notifications';
import subscriptions, { subscriptionsMemberData } from '@vouch/service-subscriptions';
import vouches, { profileViewCounts, reputationRunState, vouchRecipientByToken, vouchesMemberData } from '@vouch/service-vouches';
import { CORE_MIGRATIONS, type Migration, type ServiceDefinition } from '@vouch/service-core';

/** Export my data / delete my account: every other service's part, rows that reference others first (auth composes them). */
export const memberDataParts: readonly MemberDataPart[] = [introductionsMemberData, vouchesMemberData, subscriptionsMemberData, notificationsMemberData];

/**
 * Told of every session that ends (sign-out, ended by its member, signed in again, expired, account
 * deleted), in the transaction that ends it: a service that keeps something per session (push
 * devices bound to one) adds its listener here.
 */
export const sessionsEndedListeners: readonly SessionsEndedListener[] = [forgetSessionDevices];

/**
 * Every service; auth is given, as plain functions, what it needs from the services that import
 * it (importing them back would be a cycle). `memberDataParts` and `sessionsEnded` replace the
 * parts and the listeners (tests).
 */
export function buildServices(options: { memberDataParts?: readonly MemberDataPart[]; sessionsEnded?: readonly SessionsEndedListener[] } = {}): ServiceDefinition[] {
  const auth = createAuthService({ vouchRecipient: vouchRecipientByToken, memberDataParts: options.memberDataParts ?? memberDataParts, sessionsEnded: options.sessionsEnded ?? sessionsEndedListeners });
  return [auth, subscriptions, vouches, network, introductions, notifications];
}

export const allServices: ServiceDefinition[] = buildServices();

/** Every service's migrations and core's (the idempotency keys, the sync log, the dev SMS outbox); runMigrations orders them by name across services. */
export const allMigrations: Migration[] = [...CORE_MIGRATIONS, ...allServices.flatMap((service) => service.migrations)];

export { explainSessionRefusal, memberWriteStamps, outboxLag, profileViewCounts, reputationRunState, resolveSession };
