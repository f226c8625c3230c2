// PostingTable: the matcher's postings in typed-array columns. What is added is what is read,
// past the capacity it was made with and for terms first seen late, and a member or term it
// does not hold reads as absent.
import { PostingTable } from '../src/skill-index';

describe('PostingTable', () => {
  it('reads back each posting and each member’s field lengths, by slot and column', () => {
    const table = new PostingTable(2);
    table.add(30, 'rust', { tf: [2, 0, 1, 0], vouchers: 2 }, [3, 1, 2, 0]);
    table.add(10, 'go', { tf: [0, 1, 0, 0], vouchers: 1 }, [1, 4, 0, 2]);
    table.add(30, 'go', { tf: [1, 0, 0, 3], vouchers: 1 }, [3, 1, 2, 0]);
    expect(table.size).toBe(2);
    expect([...table.members()]).toEqual([30, 10]);
    const [rita, gus] = [table.slotOf(30), table.slotOf(10)];
    const [rust, go] = [table.columnOf('rust'), table.columnOf('go')];
    expect([0, 1, 2, 3].map((f) => table.tf(rita, rust, f))).toEqual([2, 0, 1, 0]);
    expect([0, 1, 2, 3].map((f) => table.tf(rita, go, f))).toEqual([1, 0, 0, 3]);
    expect([0, 1, 2, 3].map((f) => table.length(gus, f))).toEqual([1, 4, 0, 2]);
    expect(table.vouchers(rita, rust)).toBe(2);
    expect(table.holds(gus, go)).toBe(true);
    expect(table.holds(gus, rust)).toBe(false); // Gus holds go only
  });

  it('has no slot for a member holding none of the terms and no column for a term nobody holds', () => {
    const table = new PostingTable();
    table.add(1, 'rust', { tf: [1, 0, 0, 0], vouchers: 1 }, [1, 0, 0, 0]);
    expect(table.slotOf(2)).toBe(-1);
    expect(table.columnOf('cobol')).toBe(-1);
    expect(table.holds(table.slotOf(1), table.columnOf('cobol'))).toBe(false);
  });

  it('grows past its capacity, and a column added late holds for the members before it', () => {
    const table = new PostingTable(1);
    for (let id = 1; id <= 100; id += 1) table.add(id, 'rust', { tf: [id, 0, 0, 0], vouchers: id % 7 }, [id, id + 1, 0, 0]);
    table.add(50, 'go', { tf: [0, 0, 5, 0], vouchers: 3 }, [50, 51, 0, 0]);
    expect(table.size).toBe(100);
    const map = table.toMap();
    expect(map.get(1)).toEqual({ lengths: [1, 2, 0, 0], terms: new Map([['rust', { tf: [1, 0, 0, 0], vouchers: 1 }]]) });
    expect(map.get(100)).toEqual({ lengths: [100, 101, 0, 0], terms: new Map([['rust', { tf: [100, 0, 0, 0], vouchers: 2 }]]) });
    expect(map.get(50)!.terms.get('go')).toEqual({ tf: [0, 0, 5, 0], vouchers: 3 });
    expect([...map.keys()]).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('compares equal as maps whatever order it was filled in', () => {
    const a = new PostingTable();
    const b = new PostingTable();
    a.add(1, 'rust', { tf: [1, 0, 0, 0], vouchers: 1 }, [1, 0, 0, 0]);
    a.add(2, 'go', { tf: [0, 1, 0, 0], vouchers: 1 }, [0, 1, 0, 0]);
    b.add(2, 'go', { tf: [0, 1, 0, 0], vouchers: 1 }, [0, 1, 0, 0]);
    b.add(1, 'rust', { tf: [1, 0, 0, 0], vouchers: 1 }, [1, 0, 0, 0]);
    expect(a.toMap()).toEqual(b.toMap());
  });
});
