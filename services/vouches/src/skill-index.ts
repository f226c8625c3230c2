// The skill index's public surface (`@vouch/service-vouches/skill-index`): how vouches and
// requests become terms, a member's document, the collection statistics and postings matching
// reads, and the backfill the worker runs. The index is written by the vouches service's own use
// cases (an accepted vouch re-indexes its recipient); readers get only what is here.
export { canonicalTerms, stem } from './domain/skill-index/text';
export { SKILL_FIELDS, skillDocument, vouchTermFields } from './domain/skill-index/document';
export type { SkillDocument, SkillField, SkillVouch, TermPosting } from './domain/skill-index/document';
export { backfillSkillIndex, skillCorpus, skillPostings } from './domain/skill-index/skill-index';
export type { BackfillResult, SkillCorpus, TermCounts } from './domain/skill-index/skill-index';
export { PostingTable } from './domain/skill-index/posting-table';
export type { MemberPostings } from './domain/skill-index/posting-table';
