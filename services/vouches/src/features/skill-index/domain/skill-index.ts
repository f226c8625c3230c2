// The skill index: each member's skill document (skill-index/document.ts) as postings in the
// database, for the matcher's BM25 (services/introductions). Written where accepted vouches
// change — in the accept's transaction, in an account deletion's — and by the backfill for
// vouches accepted before it existed; read by term for the members within reach. No process
// holds it in memory.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import {
  addTermCounts,
  addToCorpus,
  lockSkillIndex,
  membersWithoutDocument,
  readAcceptedTexts,
  readCorpus,
  readDocuments,
  readPostingsOfMembers,
  readTermPostings,
  readTermCounts,
  replaceDocuments,
  type StoredDocument,
  type StoredPosting,
  type TermCounts,
} from '../data-access/skill-index.repository';
import { SKILL_FIELDS, skillDocument, type SkillVouch } from './document';
import { PostingTable } from './posting-table';

export type { TermCounts };

/** Bit set of the fields a posting's term frequencies are not zero in. */
const presence = (tf: readonly number[]) => tf.reduce((bits, n, i) => (n > 0 ? bits | (1 << i) : bits), 0);

/**
 * Rebuilds the documents of `memberIds` from the accepted vouches they received now, in `t`,
 * and moves the term counts and the corpus row by the difference. Idempotent: a member whose
 * vouches did not change is rewritten as it was. A member with no accepted vouch has no
 * document. Concurrent rebuilds of one member: the old document is read with a row lock (on
 * MySQL/MariaDB), and the vouches after it, so the later rebuild sees the earlier one's result.
 */
export async function indexMemberSkills(db: Database, t: Transaction, memberIds: readonly number[]): Promise<void> {
  const ids = [...new Set(memberIds)].filter((id) => Number.isSafeInteger(id)).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await lockSkillIndex(db, t);
  const oldDocs = await readDocuments(db, ids, t);
  const oldPostings = await readPostingsOfMembers(db, ids, t);
  const byMember = new Map<number, SkillVouch[]>();
  for (const v of await readAcceptedTexts(db, ids, t)) {
    const list = byMember.get(v.recipientId) ?? [];
    list.push(v);
    byMember.set(v.recipientId, list);
  }

  const documents: StoredDocument[] = [];
  const postings: StoredPosting[] = [];
  const termDeltas = new Map<string, TermCounts>();
  const delta = (term: string) => {
    let d = termDeltas.get(term);
    if (!d) termDeltas.set(term, (d = { documents: 0, fields: [0, 0, 0, 0] }));
    return d;
  };
  const corpus = { documents: 0, totalLengths: [0, 0, 0, 0] };
  for (const p of oldPostings) {
    const d = delta(p.term);
    d.documents -= 1;
    p.tf.forEach((n, i) => (d.fields[i]! -= n > 0 ? 1 : 0));
  }
  for (const old of oldDocs.values()) {
    corpus.documents -= 1;
    old.lengths.forEach((n, i) => (corpus.totalLengths[i]! -= n));
  }
  for (const id of ids) {
    const vouches = byMember.get(id);
    if (!vouches) continue;
    const doc = skillDocument(vouches);
    documents.push({ memberId: id, vouches: vouches.length, lengths: [...doc.lengths] });
    corpus.documents += 1;
    doc.lengths.forEach((n, i) => (corpus.totalLengths[i]! += n));
    for (const [term, posting] of doc.terms) {
      postings.push({ term, memberId: id, tf: [...posting.tf], vouchers: posting.vouchers, lengths: [...doc.lengths] });
      const d = delta(term);
      d.documents += 1;
      const bits = presence(posting.tf);
      SKILL_FIELDS.forEach((_, i) => (d.fields[i]! += bits & (1 << i) ? 1 : 0));
    }
  }
  await replaceDocuments(db, t, ids, documents, postings);
  await addTermCounts(db, t, termDeltas);
  await addToCorpus(db, t, corpus);
}

export interface BackfillResult {
  /** Members whose rows were written (documents of the skill index, words of people search). */
  members: number;
  ms: number;
}

/**
 * A worker's backfill: the members `nextBatch` names (ids ascending after `afterId`, at most
 * `limit`), written by `write` in one transaction per batch, until none is left.
 */
export async function backfillInBatches(
  db: Database,
  nextBatch: (db: Database, afterId: number, limit: number) => Promise<number[]>,
  write: (t: Transaction, memberIds: number[]) => Promise<void>,
  batchSize = 500,
): Promise<BackfillResult> {
  const started = performance.now();
  let members = 0;
  for (let afterId = 0; ; ) {
    const batch = await nextBatch(db, afterId, batchSize);
    if (batch.length === 0) break;
    await db.transaction((t) => write(t, batch));
    members += batch.length;
    afterId = batch[batch.length - 1]!;
  }
  return { members, ms: Math.round(performance.now() - started) };
}

/**
 * Builds the documents of every member who received an accepted vouch but has none: vouches
 * accepted before the skill index existed, or bulk-loaded (the benchmark's network). In batches
 * of `batchSize` members, one transaction each, in member id order; safe beside accepts (a
 * member rebuilt by both ends up as the later one wrote it: both read the vouches as they are).
 * The worker runs it at start; cheap when there is nothing to do (one indexed query).
 */
export function backfillSkillIndex(db: Database, options: { batchSize?: number } = {}): Promise<BackfillResult> {
  return backfillInBatches(db, membersWithoutDocument, (t, batch) => indexMemberSkills(db, t, batch), options.batchSize);
}

/** BM25's collection statistics for a query: documents, average field lengths, and the document counts of its terms. */
export interface SkillCorpus {
  documents: number;
  /** Average distinct terms per field (SKILL_FIELDS order) over the documents. */
  averageLengths: number[];
  /** Documents holding each term (of those asked; absent: none). */
  termDocuments: Map<string, TermCounts>;
}

export async function skillCorpus(db: Database, terms: readonly string[]): Promise<SkillCorpus> {
  const [corpus, termDocuments] = await Promise.all([readCorpus(db), readTermCounts(db, [...new Set(terms)])]);
  const averageLengths = corpus.totalLengths.map((total) => (corpus.documents > 0 ? total / corpus.documents : 0));
  return { documents: corpus.documents, averageLengths, termDocuments };
}

/**
 * The postings of `terms` held by `memberIds` (the members within reach), with those members'
 * field lengths: members holding none of the terms are absent. `terms` are the terms asked with
 * their document counts (skillCorpus's termDocuments, or some of them: a term no document holds
 * has no postings), which say whether a term's holders are read whole or the reach's ids are
 * looked up (planPostingReads). Each row goes straight into the table's columns.
 */
export async function skillPostings(db: Database, terms: ReadonlyMap<string, TermCounts>, memberIds: readonly number[]): Promise<PostingTable> {
  // Grown as the holders come (room for at most twice as many), so a request few people match takes little memory.
  const table = new PostingTable(Math.min(memberIds.length, 4096));
  // One posting and one lengths array, refilled for each row: the table keeps the numbers.
  const tf = [0, 0, 0, 0];
  const lengths = [0, 0, 0, 0];
  const posting = { tf, vouchers: 0 };
  await readTermPostings(db, [...terms].map(([term, counts]) => ({ term, documents: counts.documents })), memberIds, (term, r) => {
    tf[0] = Number(r.tf_skills);
    tf[1] = Number(r.tf_accomplishments);
    tf[2] = Number(r.tf_traits);
    tf[3] = Number(r.tf_reason);
    posting.vouchers = Number(r.vouchers);
    lengths[0] = Number(r.len_skills);
    lengths[1] = Number(r.len_accomplishments);
    lengths[2] = Number(r.len_traits);
    lengths[3] = Number(r.len_reason);
    table.add(Number(r.member_id), term, posting, lengths);
  });
  return table;
}
