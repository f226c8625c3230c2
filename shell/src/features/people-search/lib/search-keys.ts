/**
 * The header search's keyboard rules, pure (test/people-search-keys.test.ts): `/` focuses the
 * field unless the member is already typing somewhere; the arrows move through the results.
 */
import { useEffect } from 'react';

/** Whether `/` pressed while `target` has focus should focus the search (not while typing in a field). */
export function slashFocusesSearch(key: string, target: EventTarget | null, modifiers: { ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  if (key !== '/' || modifiers.ctrlKey || modifiers.metaKey || modifiers.altKey) return false;
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return true;
  const tag = el.tagName.toLowerCase();
  return !(tag === 'input' || tag === 'textarea' || tag === 'select' || el.isContentEditable);
}

/** The option the arrows land on: down from none is the first, wrapping at both ends; -1 for an empty list. */
export function nextActive(active: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

/** Calls `focus` when `/` is pressed outside a field (the document's keydown). */
export function useSlashToFocus(focus: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!slashFocusesSearch(event.key, event.target, event)) return;
      event.preventDefault();
      focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [focus]);
}
