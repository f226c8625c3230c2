// The public module of the vouches service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Nothing else leaves this package.
import service from './service';

export default service;
export { recordActivity } from './domain/activity';
export { listConnections, reachWithin, acceptedVouchesFor, countVouches, vouchRecipientByToken } from './domain/graph';
export type { Connection, Reach, AcceptedVouch } from './domain/graph';
