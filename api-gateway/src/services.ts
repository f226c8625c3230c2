// Every service the gateway serves, and what the gateway wires between them.
import auth, { resolveSession } from '@vouch/service-auth';
import introductions, { introductionFacts, introductionLinksOf, introductionsMemberData } from '@vouch/service-introductions';
import network from '@vouch/service-network';
import subscriptions, { subscriptionsMemberData } from '@vouch/service-subscriptions';
import vouches, { vouchRecipientByToken, vouchesMemberData } from '@vouch/service-vouches';
import type { Database, Migration, ServiceDefinition, ServiceHooks } from '@vouch/service-core';

export const allServices: ServiceDefinition[] = [auth, subscriptions, vouches, network, introductions];

/** Every service's migrations; runMigrations orders them by name across services. */
export const allMigrations: Migration[] = allServices.flatMap((service) => service.migrations);

export { resolveSession };

/** Cross-service callbacks that would otherwise be an import cycle (auth ↔ vouches, vouches ↔ introductions, network ↔ introductions). */
export function serviceHooks(db: Database): ServiceHooks {
  return {
    vouchRecipient: (vouchToken) => vouchRecipientByToken(db, vouchToken),
    // The reputation model's introduction facts (vouches recomputes; introductions knows them).
    introductionFacts: () => introductionFacts(db),
    // The network map's introduction_requester / introduction_target (network cannot import introductions).
    introductionLinks: (memberId) => introductionLinksOf(db, memberId),
    // Export my data / delete my account (auth composes; rows that reference others go first).
    memberDataParts: [introductionsMemberData, vouchesMemberData, subscriptionsMemberData],
  };
}
