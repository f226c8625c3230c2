// The matcher against the labelled fixture (test/fixtures/matching-fixture.ts) and the text
// normalisation it relies on. Pure functions: no database.
import { skillDocument } from '@vouch/service-vouches/skill-index';
import { memoryMatchData, planMatch, queryTermsOf, rankMatches, relevanceOf, scoreWith, selectMatches, type Candidate, type CandidateVouch, type ScoredMatch } from '../src/domain/matching/match';
import { canonicalTerms, parseDesiredSkills, stem } from '../src/domain/matching/text';
import { people, request } from './fixtures/matching-fixture';

describe('matching: the labelled fixture', () => {
  const ranked = rankMatches(request, people.map((p) => p.candidate));
  const byName = new Map(ranked.map((m) => [m.name, m]));

  it.each(people.map((p) => [p.why, p] as const))('%s', (_why, person) => {
    const match = byName.get(person.candidate.name);
    if (person.tier === null) expect(match).toBeUndefined();
    else expect({ name: person.candidate.name, tier: match?.tier, score: match?.relevanceScore }).toEqual({ name: person.candidate.name, tier: person.tier, score: expect.any(Number) });
  });

  it('orders best first: Ana, then the strong ones, then Dee, then the others', () => {
    expect(ranked.map((m) => m.name)).toEqual(['Ana Ruiz', 'Ben Lee', 'Gus Hale', 'Dee Shah', 'Finn Moss', 'Cy Park'].sort((a, b) => byName.get(b)!.relevanceScore - byName.get(a)!.relevanceScore || byName.get(a)!.degree - byName.get(b)!.degree));
    expect(ranked[0]!.name).toBe('Ana Ruiz');
    expect(ranked.slice(-2).map((m) => m.name).sort()).toEqual(['Cy Park', 'Finn Moss']);
  });

  it('names the evidence in a readable sentence', () => {
    expect(byName.get('Ana Ruiz')!.aiAnalysis).toMatch(/^Vouched for TypeScript and React by 3 people, including you\. /);
    expect(byName.get('Ben Lee')!.aiAnalysis).toMatch(/^Vouched for TypeScript and React by 2 people, including Ana Ruiz \(your 1° connection\)\. /);
    expect(byName.get('Ben Lee')!.aiAnalysis).toContain('Ben Lee is your 2° connection, with a reputation of 45/100.');
    expect(byName.get('Dee Shah')!.aiAnalysis).toMatch(/^Vouched for React by Kim Young\. Their vouches' accomplishments mention TypeScript\./);
    expect(byName.get('Finn Moss')!.aiAnalysis).toContain('No vouch names React yet.');
    expect(byName.get('Cy Park')!.aiAnalysis).toMatch(/^No vouch names TypeScript and React; their vouches only share words with your request \(teamwork\)\./);
  });

  it('lists matching factors and a confidence that follows the evidence', () => {
    expect(byName.get('Ana Ruiz')!.matchingFactors).toEqual(['TypeScript: vouched for by 3 people', 'React: vouched for by 3 people', '1° connection', 'Reputation 62/100']);
    expect(byName.get('Dee Shah')!.matchingFactors).toContain('TypeScript: mentioned in vouch accomplishments by 1 person');
    expect(byName.get('Ana Ruiz')!.confidenceLevel).toBe('high');
    expect(byName.get('Gus Hale')!.confidenceLevel).toBe('medium');
    expect(byName.get('Cy Park')!.confidenceLevel).toBe('low');
  });

  it('independent vouchers count, repeated ones do not', () => {
    expect(byName.get('Ana Ruiz')!.parts.corroboration).toBe(1);
    expect(byName.get('Gus Hale')!.parts.corroboration).toBeCloseTo(1 / 3);
  });

  it('is deterministic and independent of the input order', () => {
    const reversed = rankMatches(request, [...people].reverse().map((p) => p.candidate));
    expect(reversed).toEqual(ranked);
  });

  it('scores within 0–100 and moves with trust: closer and better-reputed is never lower', () => {
    const ben = people.find((p) => p.candidate.name === 'Ben Lee')!.candidate;
    const closer: Candidate = { ...ben, degree: 1 };
    const famous: Candidate = { ...ben, reputationScore: 95 };
    const score = (c: Candidate) => rankMatches(request, [c, ...people.map((p) => p.candidate).filter((p) => p.memberId !== c.memberId)]).find((m) => m.memberId === c.memberId)!.relevanceScore;
    expect(score(closer)).toBeGreaterThan(score(ben));
    expect(score(famous)).toBeGreaterThan(score(ben));
    expect(relevanceOf({ coverage: 1, bm25: 1, corroboration: 1, proximity: 1, reputation: 1 })).toBe(100);
    expect(relevanceOf({ coverage: 0, bm25: 0, corroboration: 1, proximity: 1, reputation: 1 })).toBe(0);
  });

  it('returns nothing for a request with no usable words or no candidates', () => {
    expect(rankMatches({ desiredSkills: ' , ; ' }, people.map((p) => p.candidate))).toEqual([]);
    expect(rankMatches(request, [])).toEqual([]);
  });
});

describe('matching: text normalisation and synonyms', () => {
  const same = (a: string, b: string) => expect(canonicalTerms(a)).toEqual(canonicalTerms(b));

  it.each([
    ['JS', 'JavaScript'],
    ['ts', 'TypeScript'],
    ['ML', 'machine learning'],
    ['PM', 'product management'],
    ['UX', 'user experience'],
    ['ReactJS', 'React'],
    ['React.js', 'react'],
    ['Node.js', 'node'],
    ['NodeJS', 'nodejs'],
    ['front-end', 'frontend'],
    ['APIs', 'API'],
    ['C++', 'cpp'],
    ['.NET', 'dotnet'],
    ['K8s', 'Kubernetes'],
    ['Postgres', 'PostgreSQL'],
    ['Café', 'cafe'],
  ])('%s ~ %s', (a, b) => same(a, b));

  it('keeps different things apart', () => {
    expect(canonicalTerms('Java')).not.toEqual(canonicalTerms('JavaScript'));
    expect(canonicalTerms('C#')).not.toEqual(canonicalTerms('C++'));
    expect(canonicalTerms('good to go')).toEqual(['good', 'to', 'go']);
  });

  it('stems plurals and -ing lightly, leaving short words alone', () => {
    expect(['skills', 'companies', 'engineering', 'testing', 'business', 'status', 'aws', 'string'].map(stem)).toEqual(['skill', 'company', 'engineer', 'test', 'business', 'status', 'aws', 'string']);
  });

  it('splits desired skills on commas, "and", slashes and new lines, without repeats', () => {
    expect(parseDesiredSkills('TypeScript, React and API design / UX;\nts').map((s) => [s.label, s.terms])).toEqual([
      ['TypeScript', ['typescript']],
      ['React', ['react']],
      ['API design', ['api', 'design']],
      ['UX', ['user', 'experience']],
    ]);
  });
});

describe('matching: scoring from postings (the skill index)', () => {
  const candidates = people.map((p) => p.candidate);
  const vouch = (voucherId: number, fields: Partial<Pick<CandidateVouch, 'skills' | 'accomplishments' | 'characterTraits' | 'reason'>>): CandidateVouch => ({
    vouchId: voucherId,
    voucherId,
    voucherName: `Voucher ${voucherId}`,
    voucherDegree: 1,
    skills: null,
    accomplishments: null,
    characterTraits: null,
    reason: null,
    ...fields,
  });
  const member = (memberId: number, vouches: CandidateVouch[]): Candidate => ({ memberId, name: `Member ${memberId}`, degree: 1, reputationScore: 50, vouches });

  it('a document counts every occurrence per field, distinct terms as field lengths, and each voucher once per term', () => {
    const doc = skillDocument([
      { voucherId: 1, skills: 'React, React.js', accomplishments: 'Shipped React', characterTraits: null, reason: null },
      { voucherId: 1, skills: 'TypeScript', accomplishments: null, characterTraits: null, reason: 'React person' },
      { voucherId: 2, skills: 'react', accomplishments: null, characterTraits: null, reason: null },
    ]);
    expect(doc.terms.get('react')).toEqual({ tf: [3, 1, 0, 1], vouchers: 2 });
    expect(doc.terms.get('typescript')).toEqual({ tf: [1, 0, 0, 0], vouchers: 1 });
    expect(doc.lengths).toEqual([2, 2, 0, 2]);
  });

  it('limits results to the candidates asked for, scored with the statistics of the whole index', () => {
    const data = memoryMatchData(candidates);
    const plan = planMatch(request);
    const terms = queryTermsOf(plan, data.corpus);
    const all = scoreWith(plan, terms, candidates, data);
    const ben = candidates.find((c) => c.name === 'Ben Lee')!;
    const onlyBen = scoreWith(plan, terms, [ben], data);
    expect(onlyBen.map((m) => m.candidate.memberId)).toEqual([ben.memberId]);
    const benInAll = all.find((m) => m.candidate.memberId === ben.memberId)!;
    // Alone, Ben is the best BM25 of the run; coverage and corroboration do not depend on the others.
    expect({ ...onlyBen[0]!.parts, bm25: 0 }).toEqual({ ...benInAll.parts, bm25: 0 });
    expect(onlyBen[0]!.parts.bm25).toBe(1);
  });

  it('with a minimum relevance, keeps exactly the matches at or above it, scored as without it', () => {
    const data = memoryMatchData(candidates);
    const plan = planMatch(request);
    const terms = queryTermsOf(plan, data.corpus);
    const all = scoreWith(plan, terms, candidates, data);
    const above = scoreWith(plan, terms, candidates, data, { minimumRelevance: 50 });
    expect(above.length).toBeGreaterThan(0);
    expect(above.length).toBeLessThan(all.length); // the fixture has matches on both sides of 50
    expect(above).toEqual(all.filter((m) => m.relevanceScore >= 50));
  });

  it('a several-word skill counts only where one vouch names all its words in one field', () => {
    const together = member(1, [vouch(10, { skills: 'API design' })]);
    const apart = member(2, [vouch(11, { skills: 'API' }), vouch(12, { skills: 'design' })]);
    const splitFields = member(3, [vouch(13, { skills: 'API', accomplishments: 'design systems' })]);
    const ranked = rankMatches({ desiredSkills: 'API design' }, [together, apart, splitFields]);
    const coverage = new Map(ranked.map((m) => [m.memberId, m.parts.coverage]));
    expect(coverage.get(1)).toBe(1);
    expect(coverage.get(2)).toBe(0);
    expect(coverage.get(3)).toBe(0);
    expect(ranked[0]!.name).toBe('Member 1');
  });

  it('a member nobody vouched for is no document: adding one changes nobody\'s score', () => {
    const without = rankMatches(request, candidates);
    const withEmpty = rankMatches(request, [...candidates, member(999, [])]);
    expect(withEmpty).toEqual(without);
  });
});

describe('matching: what is shown', () => {
  const scored = (tiers: string[]) => tiers.map((tier, i) => ({ tier, relevanceScore: 100 - i, candidate: { memberId: i } }) as unknown as ScoredMatch);

  it('caps perfect + strong + potential at the plan\'s suggestions, potential at 5, other at 5 outside the cap', () => {
    const all = scored(['perfect', 'strong', 'strong', 'potential', 'potential', 'potential', 'potential', 'potential', 'potential', 'other', 'other', 'other', 'other', 'other', 'other', 'other']);
    expect(selectMatches(all, { suggestions: 3, potential: 5, other: 5 }).map((m) => m.tier)).toEqual(['perfect', 'strong', 'strong', 'other', 'other', 'other', 'other', 'other']);
    expect(selectMatches(all, { suggestions: 10, potential: 5, other: 5 }).filter((m) => m.tier === 'potential')).toHaveLength(5);
  });
});
