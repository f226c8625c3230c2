// Trust paths: the graph of accepted vouches. Who is within reach and through whom (what the
// network and introductions services read, through the service's public entry), the neighbour
// rows the analysis reads, and the shortest path a profile and an ask show. The feature's public
// surface: other features and the service's composition import this file, never the ones behind it.
export { listConnections, reachWithin, nearestWithin, closestSecondDegree, reachByConnector, acceptedVouchesFor, countAcceptedVouches, neighbourIdsOf } from './domain/graph';
export type { Connection, Reach, NearestHop, FirstHopReach, AcceptedVouch } from './domain/graph';
export { shortestPath, trustLinks } from './domain/trust-path';
export { acceptedNeighbourPairs, neighboursAmong } from './data-access/trust-path.repository';
// An accepted vouch links its two members; a member who goes is unlinked; a migration (and the
// tests' fixture writer) refills every row from the vouches.
export { linkAcceptedVouch, unlinkMember, refillMemberNeighbours } from './data-access/neighbours.repository';
