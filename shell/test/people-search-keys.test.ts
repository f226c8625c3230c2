import { nextActive, slashFocusesSearch } from '../src/features/people-search/lib/search-keys';

const none = { ctrlKey: false, metaKey: false, altKey: false };
const el = (tagName: string, isContentEditable = false) => ({ tagName, isContentEditable }) as unknown as EventTarget;

describe('the header search keys', () => {
  it('/ focuses the search, except while typing in a field or with a modifier', () => {
    expect(slashFocusesSearch('/', el('BODY'), none)).toBe(true);
    expect(slashFocusesSearch('/', el('BUTTON'), none)).toBe(true);
    expect(slashFocusesSearch('/', null, none)).toBe(true);
    for (const tag of ['INPUT', 'TEXTAREA', 'SELECT']) expect(slashFocusesSearch('/', el(tag), none)).toBe(false);
    expect(slashFocusesSearch('/', el('DIV', true), none)).toBe(false);
    expect(slashFocusesSearch('/', el('BODY'), { ...none, ctrlKey: true })).toBe(false);
    expect(slashFocusesSearch('s', el('BODY'), none)).toBe(false);
  });

  it('the arrows move through the results and wrap', () => {
    expect(nextActive(-1, 3, 1)).toBe(0);
    expect(nextActive(-1, 3, -1)).toBe(2);
    expect(nextActive(2, 3, 1)).toBe(0);
    expect(nextActive(0, 3, -1)).toBe(2);
    expect(nextActive(-1, 0, 1)).toBe(-1);
  });
});
