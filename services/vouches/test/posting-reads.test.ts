// Which of the matcher's terms readTermPostings reads whole (one range of the key, filtered to the
// reach) and which it looks up by the reach's ids: the cheaper read, and never more rows in memory
// than twice the reach holds.
import { planPostingReads, WHOLE_TERM_READ_FACTOR } from '../src/features/skill-index/data-access/skill-index.repository';

describe('planPostingReads', () => {
  it('reads a term whole when its holders are at most twice the people within reach, else looks the reach up', () => {
    expect(WHOLE_TERM_READ_FACTOR).toBe(2);
    const terms = [
      { term: 'typescript', documents: 56_072 },
      { term: 'security', documents: 90_001 },
      { term: 'rust', documents: 90_000 },
    ];
    // The focal member of the reference network: 45,000 people within reach.
    expect(planPostingReads(terms, 45_000)).toEqual({ whole: ['typescript', 'rust'], lookedUp: ['security'] });
    // A typical member: a few thousand people within reach.
    expect(planPostingReads(terms, 3_000)).toEqual({ whole: [], lookedUp: ['typescript', 'security', 'rust'] });
  });

  it('reads a rare term whole even for a small reach', () => {
    expect(planPostingReads([{ term: 'cobol', documents: 3 }, { term: 'go', documents: 5_000 }], 2)).toEqual({ whole: ['cobol'], lookedUp: ['go'] });
  });

  it('asks for nothing without terms', () => {
    expect(planPostingReads([], 10)).toEqual({ whole: [], lookedUp: [] });
  });
});
