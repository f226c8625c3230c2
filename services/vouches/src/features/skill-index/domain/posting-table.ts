// The postings the matcher scores, as columns of typed arrays. For the widest 3° reach that is
// 52,000 postings of 37,000 members: as an object, two arrays and a Map per member and an object
// and an array per posting they were a tenth of a request's CPU to build and most of what its
// garbage collection copied (docs/scaling.md, "Issue 27"). Numbers in typed arrays are outside
// the objects the collector copies and scans.
import { SKILL_FIELDS, type TermPosting } from './document';

const FIELDS = SKILL_FIELDS.length;

/** One term's postings, by slot: whether the member holds it, tf per field, distinct vouchers. */
interface Column {
  held: Uint8Array;
  tf: Int32Array;
  vouchers: Int32Array;
}

/** A member's document for the terms asked: field lengths and postings (tests, small sets). */
export interface MemberPostings {
  lengths: readonly number[];
  terms: Map<string, TermPosting>;
}

/**
 * Postings of some terms for some members (the matcher's: the request's terms held by the
 * members within reach). Each member holding one of the terms has a slot, each term a column;
 * scoring reads them by slot and column, without a lookup per posting.
 */
export class PostingTable {
  private readonly slots = new Map<number, number>();
  private readonly columns = new Map<string, number>();
  private readonly byColumn: Column[] = [];
  private lengths: Int32Array;
  private capacity: number;

  /** `capacity`: the members expected (it grows past it, at a copy's cost). */
  constructor(capacity = 16) {
    this.capacity = Math.max(1, capacity);
    this.lengths = new Int32Array(this.capacity * FIELDS);
  }

  /** Members holding one of the terms. */
  get size(): number {
    return this.slots.size;
  }

  /** `term`'s posting for `memberId`, whose document has these field `lengths` (SKILL_FIELDS order). */
  add(memberId: number, term: string, posting: TermPosting, lengths: ArrayLike<number>): void {
    let slot = this.slots.get(memberId);
    if (slot === undefined) {
      slot = this.slots.size;
      if (slot === this.capacity) this.grow();
      this.slots.set(memberId, slot);
      for (let f = 0; f < FIELDS; f += 1) this.lengths[slot * FIELDS + f] = lengths[f]!;
    }
    let c = this.columns.get(term);
    if (c === undefined) {
      c = this.byColumn.length;
      this.columns.set(term, c);
      this.byColumn.push(newColumn(this.capacity));
    }
    const column = this.byColumn[c]!;
    column.held[slot] = 1;
    for (let f = 0; f < FIELDS; f += 1) column.tf[slot * FIELDS + f] = posting.tf[f]!;
    column.vouchers[slot] = posting.vouchers;
  }

  /** The members holding one of the terms, in the order they were added. */
  members(): IterableIterator<number> {
    return this.slots.keys();
  }

  /** The member's slot; -1 when they hold none of the terms. */
  slotOf(memberId: number): number {
    return this.slots.get(memberId) ?? -1;
  }

  /** The term's column; -1 when no member here holds it. */
  columnOf(term: string): number {
    return this.columns.get(term) ?? -1;
  }

  holds(slot: number, column: number): boolean {
    return column >= 0 && this.byColumn[column]!.held[slot] === 1;
  }

  tf(slot: number, column: number, field: number): number {
    return this.byColumn[column]!.tf[slot * FIELDS + field]!;
  }

  vouchers(slot: number, column: number): number {
    return this.byColumn[column]!.vouchers[slot]!;
  }

  /** Distinct terms in the member's field (SKILL_FIELDS order). */
  length(slot: number, field: number): number {
    return this.lengths[slot * FIELDS + field]!;
  }

  /** Every member's postings as plain objects (tests, and comparing two tables whatever order they were filled in). */
  toMap(): Map<number, MemberPostings> {
    const out = new Map<number, MemberPostings>();
    for (const [memberId, slot] of [...this.slots].sort((a, b) => a[0] - b[0])) {
      const terms = new Map<string, TermPosting>();
      for (const [term, c] of this.columns) {
        if (!this.holds(slot, c)) continue;
        terms.set(term, { tf: Array.from({ length: FIELDS }, (_, f) => this.tf(slot, c, f)), vouchers: this.vouchers(slot, c) });
      }
      out.set(memberId, { lengths: Array.from({ length: FIELDS }, (_, f) => this.length(slot, f)), terms });
    }
    return out;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    this.lengths = copyInto(new Int32Array(capacity * FIELDS), this.lengths);
    for (const column of this.byColumn) {
      column.held = copyInto(new Uint8Array(capacity), column.held);
      column.tf = copyInto(new Int32Array(capacity * FIELDS), column.tf);
      column.vouchers = copyInto(new Int32Array(capacity), column.vouchers);
    }
    this.capacity = capacity;
  }
}

function newColumn(capacity: number): Column {
  return { held: new Uint8Array(capacity), tf: new Int32Array(capacity * FIELDS), vouchers: new Int32Array(capacity) };
}

function copyInto<T extends Uint8Array | Int32Array>(target: T, source: T): T {
  target.set(source);
  return target;
}
