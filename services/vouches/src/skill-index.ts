// The skill index's public surface (`@vouch/service-vouches/skill-index`): how vouches and
// requests become terms, a member's document, the collection statistics and postings matching
// reads, and the backfill the worker runs. The index is written by the vouches service's own use
// cases (an accepted vouch re-indexes its recipient); readers get only what is here
// (features/skill-index holds it).
export { canonicalTerms, stem, SKILL_FIELDS, skillDocument, vouchTermFields, backfillSkillIndex, skillCorpus, skillPostings, PostingTable } from './features/skill-index';
export type { SkillDocument, SkillField, SkillVouch, TermPosting, BackfillResult, SkillCorpus, TermCounts, MemberPostings } from './features/skill-index';
