// The skill index: each member's document of terms from the vouches they accepted, the collection
// statistics and the postings matching reads (services/introductions, through the service's
// ./skill-index entry). The feature's public surface: other features and the service's composition
// import this file, never the ones behind it.
export { canonicalTerms, stem } from './domain/text';
export { SKILL_FIELDS, skillDocument, vouchTermFields } from './domain/document';
export type { SkillDocument, SkillField, SkillVouch, TermPosting } from './domain/document';
export { backfillSkillIndex, skillCorpus, skillPostings } from './domain/skill-index';
export type { BackfillResult, SkillCorpus, TermCounts } from './domain/skill-index';
export { PostingTable } from './domain/posting-table';
export type { MemberPostings } from './domain/posting-table';
// An accepted vouch (or a member who goes) re-indexes its recipient.
export { indexMemberSkills } from './domain/skill-index';
// People search backfills its words in the same batches, from the same accepted texts.
export { backfillInBatches } from './domain/skill-index';
export { readAcceptedTexts } from './data-access/skill-index.repository';
