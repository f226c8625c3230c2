// Network analysis (SPEC §3 "Network analysis response"; the Request Introduction dialog):
// who among my 1° members opens up the most people within a degree. Pure (test/analysis.test.ts).
import type { Connector, NetworkAnalysis } from '@vouch/contracts';

/** At most this many connectors are returned (the dialog previews 5 and lists 10). */
export const CONNECTOR_LIMIT = 50;

export interface ConnectorReach {
  connectorId: number;
  connectorName: string;
  /** People within the degree reached through them on a shortest path, themselves included. */
  networkSize: number;
  /** Of those, the people with skills named in an accepted vouch. */
  relevantMatches: number;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Connectors ranked by networkSize, then relevantMatches, then the smaller id; at most `limit`. */
export function rankConnectors(rows: readonly ConnectorReach[], limit: number = CONNECTOR_LIMIT): Connector[] {
  return [...rows]
    .sort((a, b) => b.networkSize - a.networkSize || b.relevantMatches - a.relevantMatches || a.connectorId - b.connectorId)
    .slice(0, limit)
    .map((row) => ({ ...row, degree: 1 }));
}

/** The sentence at the top of the analysis: how far my network reaches and through whom. */
export function describeReach(degree: number, totalReachablePeople: number, withSkills: number, directCount: number, top: Connector | undefined): string {
  if (totalReachablePeople === 0) return 'You have no connections yet. Vouch for people you trust to start building your network.';
  const skilled = `${withSkills.toLocaleString('en-US')} ${withSkills === 1 ? 'has' : 'have'} skills vouched for`;
  if (degree === 1) return `You have ${plural(totalReachablePeople, 'direct connection', 'direct connections')}; ${skilled}.`;
  const reach = `Within ${degree === 2 ? 'two' : 'three'} degrees you can reach ${plural(totalReachablePeople, 'person', 'people')} through ${plural(directCount, 'direct connection', 'direct connections')}; ${skilled}.`;
  return top ? `${reach} ${top.connectorName} opens up the most (${plural(top.networkSize, 'person', 'people')}).` : reach;
}

export function buildAnalysis(degree: number, total: { reached: number; reachedWithSkills: number }, connectorRows: readonly ConnectorReach[]): NetworkAnalysis {
  const connectors = rankConnectors(connectorRows);
  return {
    networkAnalysis: describeReach(degree, total.reached, total.reachedWithSkills, connectorRows.length, connectors[0]),
    totalReachablePeople: total.reached,
    connectors,
  };
}
