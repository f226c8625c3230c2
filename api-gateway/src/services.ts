// Every service the gateway serves, and what the gateway passes between them.
import { createAuthService, explainSessionRefusal, memberWriteStamps, resolveSession, type MemberDataPart } from '@vouch/service-auth';
import introductions, { introductionsMemberData } from '@vouch/service-introductions';
import network from '@vouch/service-network';
import notifications, { notificationsMemberData } from '@vouch/service-notifications';
import subscriptions, { subscriptionsMemberData } from '@vouch/service-subscriptions';
import vouches, { vouchRecipientByToken, vouchesMemberData } from '@vouch/service-vouches';
import { IDEMPOTENCY_MIGRATIONS, type Migration, type ServiceDefinition } from '@vouch/service-core';

/** Export my data / delete my account: every other service's part, rows that reference others first (auth composes them). */
export const memberDataParts: readonly MemberDataPart[] = [introductionsMemberData, vouchesMemberData, subscriptionsMemberData, notificationsMemberData];

/**
 * Every service; auth is given, as plain functions, what it needs from the services that import
 * it (importing them back would be a cycle). `memberDataParts` replaces the parts (tests).
 */
export function buildServices(options: { memberDataParts?: readonly MemberDataPart[] } = {}): ServiceDefinition[] {
  const auth = createAuthService({ vouchRecipient: vouchRecipientByToken, memberDataParts: options.memberDataParts ?? memberDataParts });
  return [auth, subscriptions, vouches, network, introductions, notifications];
}

export const allServices: ServiceDefinition[] = buildServices();

/** Every service's migrations and core's (the idempotency keys); runMigrations orders them by name across services. */
export const allMigrations: Migration[] = [...IDEMPOTENCY_MIGRATIONS, ...allServices.flatMap((service) => service.migrations)];

export { explainSessionRefusal, memberWriteStamps, resolveSession };
