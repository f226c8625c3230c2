// A member's skill document: what the skill index (skill_postings, skill_documents) holds for
// them, computed from the accepted vouches they received. Pure: the same vouches give the same
// document, whoever computes it (the accept's transaction, the backfill, the matcher's tests).
import { canonicalTerms } from './text';

/** The fields of a vouch the index reads, in falling weight order (bit i of a term's fields: SKILL_FIELDS[i]). */
export const SKILL_FIELDS = ['skills', 'accomplishments', 'characterTraits', 'reason'] as const;
export type SkillField = (typeof SKILL_FIELDS)[number];

/** Longer "words" are not skills (and would not fit the index's term column): left out of documents. */
export const MAX_TERM_LENGTH = 100;

/** What the index reads of one accepted vouch. */
export type SkillVouch = { voucherId: number | null } & Record<SkillField, string | null>;

/** One term of a member's document. */
export interface TermPosting {
  /** Occurrences in each field (SKILL_FIELDS order), over all the member's vouches. */
  tf: readonly number[];
  /** Distinct vouchers whose vouch holds the term in any field. */
  vouchers: number;
}

export interface SkillDocument {
  /** Distinct terms per field (SKILL_FIELDS order): the BM25 field lengths. */
  lengths: readonly number[];
  terms: ReadonlyMap<string, TermPosting>;
}

/** The terms of one vouch, each with the fields that hold it (bit i: SKILL_FIELDS[i]). */
export function vouchTermFields(vouch: Record<SkillField, string | null>): Map<string, number> {
  const fields = new Map<string, number>();
  SKILL_FIELDS.forEach((field, position) => {
    for (const term of canonicalTerms(vouch[field])) if (term.length <= MAX_TERM_LENGTH) fields.set(term, (fields.get(term) ?? 0) | (1 << position));
  });
  return fields;
}

/**
 * The document of a member who received `vouches` (accepted): one field per vouch field,
 * each the concatenation of that field's terms over the vouches. Term frequencies count every
 * occurrence; a field's length counts its distinct terms (as minisearch, which the matcher used
 * before the index moved to the database, measured it).
 */
export function skillDocument(vouches: readonly SkillVouch[]): SkillDocument {
  const fieldTerms = SKILL_FIELDS.map(() => new Set<string>());
  const tfs = new Map<string, number[]>();
  const vouchers = new Map<string, Set<number | null>>();
  for (const vouch of vouches) {
    SKILL_FIELDS.forEach((field, position) => {
      for (const term of canonicalTerms(vouch[field])) {
        if (term.length > MAX_TERM_LENGTH) continue;
        fieldTerms[position]!.add(term);
        let tf = tfs.get(term);
        if (!tf) tfs.set(term, (tf = [0, 0, 0, 0]));
        tf[position]! += 1;
        let who = vouchers.get(term);
        if (!who) vouchers.set(term, (who = new Set()));
        who.add(vouch.voucherId);
      }
    });
  }
  const terms = new Map<string, TermPosting>();
  for (const [term, tf] of tfs) terms.set(term, { tf, vouchers: vouchers.get(term)!.size });
  return { lengths: fieldTerms.map((s) => s.size), terms };
}
