import { buildAnalysis, describeReach, rankConnectors } from '../src/domain/analysis';

describe('network analysis', () => {
  const row = (connectorId: number, networkSize: number, relevantMatches: number) => ({ connectorId, connectorName: `C${connectorId}`, networkSize, relevantMatches });

  it('ranks connectors by networkSize, then relevantMatches, then id; at most the limit', () => {
    const ranked = rankConnectors([row(3, 5, 1), row(1, 5, 2), row(2, 9, 0), row(4, 5, 2)], 3);
    expect(ranked.map((c) => c.connectorId)).toEqual([2, 1, 4]);
    expect(ranked[0]).toEqual({ connectorId: 2, connectorName: 'C2', networkSize: 9, relevantMatches: 0, degree: 1 });
  });

  it('reads as a sentence', () => {
    expect(describeReach(2, 0, 0, 0, undefined)).toBe('You have no connections yet. Vouch for people you trust to start building your network.');
    expect(describeReach(1, 1, 1, 1, undefined)).toBe('You have 1 direct connection; 1 has skills vouched for.');
    expect(buildAnalysis(3, { reached: 1234, reachedWithSkills: 1000 }, [row(1, 900, 700), row(2, 400, 300)]).networkAnalysis).toBe(
      'Within three degrees you can reach 1,234 people through 2 direct connections; 1,000 have skills vouched for. C1 opens up the most (900 people).',
    );
  });
});
