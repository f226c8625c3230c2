// The public module of the vouches service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Nothing else leaves this package.
import service from './service';

export default service;
export { recordActivity } from './domain/activity';
export { listConnections, reachWithin, reachByConnector, acceptedVouchesFor, countVouches, vouchRecipientByToken } from './domain/graph';
export type { Connection, Reach, FirstHopReach, AcceptedVouch } from './domain/graph';
export { recomputeReputation, requestReputationRecompute, reputationIdle, ONBOARDING_VOUCH_THRESHOLD } from './domain/reputation-recompute';
export type { IntroductionFactsProvider, RecomputeOptions, RecomputeResult } from './domain/reputation-recompute';
export type { IntroductionFactsInput } from './domain/reputation';
export { publicProfilePreview } from './domain/profile-queries';
export type { PublicProfilePreview } from './domain/profile-queries';
