/**
 * Member id → position, asked once or twice per accepted vouch on every reputation run (two
 * million times on a network of a million vouches). Ids are the members table's increasing
 * integers, so a plain array indexed by id answers them; a Map is kept for ids too spread out
 * for that (tests use ids up to 2·10⁹), where an array would be mostly empty.
 */
export interface MemberIndex {
  /** The position given to `id`, or -1 when it has none. */
  of(id: number): number;
  readonly size: number;
}

/** Ids up to this many slots per member (plus a fixed margin) are laid out in an array. */
const DENSE_SLOTS_PER_MEMBER = 4;
const DENSE_MARGIN = 1 << 20;

/** `ids[i]` → i. Throws TypeError when an id appears twice. */
export function indexMembers(ids: ArrayLike<number>): MemberIndex {
  const n = ids.length;
  let max = -1;
  let whole = true;
  for (let i = 0; i < n; i++) {
    const id = ids[i]!;
    if (!Number.isSafeInteger(id) || id < 0) whole = false;
    else if (id > max) max = id;
  }
  const twice = (id: number) => new TypeError(`reputation: member ${id} appears twice`);
  if (whole && max < DENSE_SLOTS_PER_MEMBER * n + DENSE_MARGIN) {
    const slots = new Int32Array(max + 1).fill(-1);
    for (let i = 0; i < n; i++) {
      if (slots[ids[i]!] !== -1) throw twice(ids[i]!);
      slots[ids[i]!] = i;
    }
    return { of: (id) => (id >= 0 && id <= max ? (slots[id] ?? -1) : -1), size: n };
  }
  const positions = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    if (positions.has(ids[i]!)) throw twice(ids[i]!);
    positions.set(ids[i]!, i);
  }
  return { of: (id) => positions.get(id) ?? -1, size: n };
}
