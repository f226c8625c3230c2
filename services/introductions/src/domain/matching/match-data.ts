/**
 * What scoring reads: the skill index's statistics and postings for the query's terms (from the
 * database, read by matches.use-case, or built here from the candidates themselves), and each
 * vouch's terms by field, which say whether one vouch names a several-word skill.
 */
import { PostingTable, skillDocument, vouchTermFields, type SkillCorpus, type TermCounts } from '@vouch/service-vouches/skill-index';
import { VOUCH_FIELDS, type Candidate, type CandidateVouch, type VouchField } from './candidates';
import type { DesiredSkill } from './text';

/** One vouch's terms with the fields that hold them (bit i: VOUCH_FIELDS[i]), and its voucher. */
export interface VouchTerms {
  voucherId: number | null;
  fields: ReadonlyMap<string, number>;
}

/**
 * What scoring reads: the collection statistics and the postings of the query's terms for the
 * candidates, and, for members who hold every word of a several-word skill ("API design"),
 * their vouches' terms (whether one vouch names the skill is not in the postings).
 */
export interface MatchData {
  corpus: SkillCorpus;
  postings: PostingTable;
  vouchTerms: ReadonlyMap<number, readonly VouchTerms[]>;
}

/** The terms of each of these vouches, in order. */
export function vouchTermsOf(vouches: readonly Pick<CandidateVouch, 'voucherId' | VouchField>[]): VouchTerms[] {
  return vouches.map((v) => ({ voucherId: v.voucherId, fields: vouchTermFields(v) }));
}

/**
 * The candidates' own skill index: every candidate with a vouch is a document, and the
 * statistics are theirs alone (tests, small sets, the in-memory benchmark). Built from the same
 * skillDocument as the database's index, so both score alike on the same documents.
 */
export function memoryMatchData(candidates: readonly Candidate[]): MatchData {
  const postings = new PostingTable(candidates.length);
  const vouchTerms = new Map<number, VouchTerms[]>();
  const termDocuments = new Map<string, TermCounts>();
  const totals = [0, 0, 0, 0];
  for (const c of candidates) {
    if (c.vouches.length === 0 || vouchTerms.has(c.memberId)) continue;
    const doc = skillDocument(c.vouches);
    vouchTerms.set(c.memberId, vouchTermsOf(c.vouches));
    doc.lengths.forEach((n, i) => (totals[i]! += n));
    for (const [term, posting] of doc.terms) {
      postings.add(c.memberId, term, posting, doc.lengths);
      let counts = termDocuments.get(term);
      if (!counts) termDocuments.set(term, (counts = { documents: 0, fields: [0, 0, 0, 0] }));
      counts.documents += 1;
      posting.tf.forEach((n, i) => (counts.fields[i]! += n > 0 ? 1 : 0));
    }
  }
  const documents = vouchTerms.size;
  return { corpus: { documents, averageLengths: totals.map((t) => (documents > 0 ? t / documents : 0)), termDocuments }, postings, vouchTerms };
}

/** The position (in VOUCH_FIELDS) of the best field of one vouch that holds every term of `skill`; -1 if none. */
export function bestFieldOf(vouch: ReadonlyMap<string, number>, skill: DesiredSkill): number {
  let fields = (1 << VOUCH_FIELDS.length) - 1;
  for (const term of skill.terms) {
    fields &= vouch.get(term) ?? 0;
    if (fields === 0) return -1;
  }
  // Fields are in falling weight order: the lowest bit set is the best field.
  return 31 - Math.clz32(fields & -fields);
}
