import { pathText, searchWords } from '../src/network.rules';

describe('searchWords', () => {
  it('lower-cases, drops accents, splits at anything but letters and digits, each word once', () => {
    expect(searchWords('José Núñez-García')).toEqual(['jose', 'nunez', 'garcia']);
    expect(searchWords('Rust, Go; rust\nC++ 3D')).toEqual(['rust', 'go', 'c', '3d']);
    expect(searchWords('  !! ')).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords('a'.repeat(60))).toEqual(['a'.repeat(40)]);
  });

  it('pathText reads "via …"', () => {
    expect(pathText(['Priya Patel', 'Sam Lee'])).toBe('via Priya Patel → Sam Lee');
    expect(pathText([])).toBeNull();
  });
});
