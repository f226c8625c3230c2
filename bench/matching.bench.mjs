// Matching (services/introductions scoreWith over in-memory postings) over a reachable set of 10,000 members, against a
// plain substring scan over the same candidates, both measured in this run on this machine.
import { tsImport } from 'tsx/esm/api';

export const title = 'Matching: scoring 10,000 reachable members from their postings (in memory)';
export const notes = `
An in-memory network of ${'`'}BENCH_MATCH_MEMBERS${'`'} members (default 10,000), each with 1–5 accepted vouches whose
skills, accomplishments, character traits and reasons are drawn (Zipf-like, fixed seed) from 120 skills written
several ways (synonyms, plurals, "React.js"), 2 000 filler words and 40 traits. Twenty requests of 1–3 desired skills
(with a reason) are ranked in turn, ${'`'}BENCH_MATCH_RUNS${'`'} times in all (default 200) after 10 warm-up runs;
the figure is the in-memory part of GET …/my-matches once the postings are read: score the candidates holding the
request's terms from their postings (BM25 per field, coverage, corroboration, distance, reputation), keep what a paid
plan shows (10 + 5 other) and explain those. The index itself lives in the database (services/vouches skill index,
written on accept); here it is built in memory from the same skill documents (memoryMatchData), reported as
${'`'}index-build${'`'} (normalisation and synonyms for every vouch: what the worker's backfill computes for a network that
had no index). The database reads (reach, postings, members) are in ${'`'}scale.my-matches-3rd-degree-p95${'`'}, end to end.
Baseline: a plain case-insensitive substring scan of the same candidates for
the desired skills (no synonyms, no fields, no trust), counted and sorted — the cheapest thing that could be called
matching. Ratio = matcher / baseline.
`;

function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKILLS = [
  ['TypeScript', 'TS', 'typescript'], ['JavaScript', 'JS', 'javascript'], ['React', 'React.js', 'ReactJS'], ['Node.js', 'Node', 'NodeJS'],
  ['Python'], ['Go'], ['Rust'], ['Java'], ['Kotlin'], ['Swift'], ['C++'], ['C#'], ['.NET'], ['Ruby on Rails', 'Rails'], ['PHP'],
  ['machine learning', 'ML'], ['deep learning'], ['data science'], ['product management', 'PM', 'product manager'], ['project management'],
  ['UX', 'user experience'], ['UI design'], ['API design', 'APIs'], ['GraphQL'], ['PostgreSQL', 'Postgres'], ['MongoDB', 'Mongo'], ['Kubernetes', 'K8s'],
  ['AWS'], ['GCP'], ['Terraform'], ['DevOps'], ['SRE'], ['security'], ['cryptography'], ['mobile development'], ['iOS'], ['Android'],
  ['fundraising'], ['sales'], ['marketing'], ['SEO'], ['copywriting'], ['branding'], ['accounting'], ['finance'], ['legal'], ['hiring', 'recruiting'],
  ['leadership'], ['mentoring'], ['public speaking'], ['negotiation'], ['operations'], ['supply chain'], ['logistics'], ['customer success'],
];
for (let i = SKILLS.length; i < 120; i += 1) SKILLS.push([`skill${i}`, `Skill${i}s`]);
const TRAITS = ['reliable', 'kind', 'teamwork', 'curious', 'honest', 'calm under pressure', 'detail oriented', 'generous', 'funny', 'patient'];
for (let i = TRAITS.length; i < 40; i += 1) TRAITS.push(`trait${i}`);
const FILLER = Array.from({ length: 2000 }, (_, i) => `word${i.toString(36)}`);

function buildNetwork(count, random) {
  const zipf = (n) => Math.floor(n * random() ** 2.2);
  const pick = (list) => list[zipf(list.length)];
  const spelling = (group) => group[Math.floor(random() * group.length)];
  const sentence = (words) => Array.from({ length: words }, () => pick(FILLER)).join(' ');
  const candidates = [];
  for (let id = 1; id <= count; id += 1) {
    const vouches = [];
    const own = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(SKILLS));
    const vouchCount = 1 + Math.floor(random() * 5);
    for (let k = 0; k < vouchCount; k += 1) {
      const skills = own.filter(() => random() < 0.7).map(spelling);
      vouches.push({
        vouchId: id * 10 + k,
        voucherId: 100_000 + Math.floor(random() * count),
        voucherName: `Voucher ${k}`,
        voucherDegree: 1 + Math.floor(random() * 3),
        skills: skills.length ? skills.join(', ') : null,
        accomplishments: random() < 0.6 ? `${sentence(6)} ${spelling(pick(SKILLS))} ${sentence(6)}` : null,
        characterTraits: random() < 0.7 ? [pick(TRAITS), pick(TRAITS)].join(', ') : null,
        reason: `${sentence(10)} ${random() < 0.3 ? spelling(pick(SKILLS)) : ''} ${sentence(8)}`,
      });
    }
    candidates.push({ memberId: id, name: `Member ${id}`, degree: 1 + Math.min(2, Math.floor(random() * 3.2)), reputationScore: Math.round(random() * 100), vouches });
  }
  const requests = Array.from({ length: 20 }, (_, i) => ({
    requestType: 'Hiring',
    desiredSkills: Array.from({ length: 1 + (i % 3) }, () => spelling(SKILLS[zipf(60)])).join(', '),
    reason: `Looking for someone ${pick(TRAITS)} to help with ${sentence(4)}`,
    context: null,
  }));
  return { candidates, requests };
}

/** The baseline: lower-case substring search for each desired skill, anywhere in the vouches. */
function substringScan(request, candidates) {
  const wanted = request.desiredSkills.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const hits = [];
  for (const c of candidates) {
    const text = c.vouches.map((v) => `${v.skills ?? ''} ${v.accomplishments ?? ''} ${v.characterTraits ?? ''} ${v.reason ?? ''}`).join(' ').toLowerCase();
    let score = 0;
    for (const w of wanted) if (text.includes(w)) score += 1;
    if (score > 0) hits.push({ memberId: c.memberId, score });
  }
  return hits.sort((a, b) => b.score - a.score || a.memberId - b.memberId);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (x) => Math.round(x * 10) / 10;

function measure(fn, requests, runs) {
  for (let i = 0; i < 10; i += 1) fn(requests[i % requests.length]);
  const times = [];
  let results = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    results += fn(requests[i % requests.length]).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p95: percentile(times, 95), median: percentile(times, 50), meanResults: results / runs };
}

export default async function run({ log }) {
  const members = Number(process.env.BENCH_MATCH_MEMBERS ?? 10_000);
  const runs = Number(process.env.BENCH_MATCH_RUNS ?? 200);
  const { memoryMatchData, planMatch, queryTermsOf, scoreWith, selectMatches, describeMatch } = await tsImport('@vouch/service-introductions/testing', import.meta.url);
  const { candidates, requests } = buildNetwork(members, mulberry32(20251124));
  log(`${members} candidates, ${candidates.reduce((n, c) => n + c.vouches.length, 0)} vouches, ${runs} runs`);
  const byId = new Map(candidates.map((c) => [c.memberId, c]));

  const started = performance.now();
  const data = memoryMatchData(candidates);
  const build = performance.now() - started;
  log(`index build (skill documents of every candidate): ${round(build)} ms`);
  // What GET …/my-matches does once it has read the postings: score, pick what the plan shows, explain those.
  const match = (r) => {
    const plan = planMatch(r);
    const shown = selectMatches(scoreWith(plan, queryTermsOf(plan, data.corpus), candidates, data), { suggestions: 10, potential: 5, other: 5 });
    return shown.map((m) => describeMatch(m, byId.get(m.candidate.memberId)));
  };

  const baseline = measure((r) => substringScan(r, candidates), requests, runs);
  const matcher = measure(match, requests, runs);
  log(`matcher p95 ${round(matcher.p95)} ms (median ${round(matcher.median)}), ${round(matcher.meanResults)} matches a request on average`);
  log(`baseline p95 ${round(baseline.p95)} ms (median ${round(baseline.median)}), ${round(baseline.meanResults)} hits a request on average`);

  return [
    { name: 'matching.rank-p95', value: round(matcher.p95), unit: 'ms', baseline: `${round(baseline.p95)} ms (substring scan p95)`, ratio: round(matcher.p95 / baseline.p95), goal: '<= 150 ms' },
    { name: 'matching.rank-median', value: round(matcher.median), unit: 'ms', baseline: `${round(baseline.median)} ms (substring scan median)`, ratio: round(matcher.median / baseline.median), goal: null },
    { name: 'matching.index-build', value: round(build), unit: 'ms', baseline: null, ratio: null, goal: null },
  ];
}
