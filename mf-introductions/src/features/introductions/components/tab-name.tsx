/**
 * A tab's name that a phone shortens (issue 44: at 390 px the third Introductions tab read
 * "Intr…"): `short` (a word of the full name, so what is seen is part of what is spoken) below
 * the `sm` breakpoint, `full` from it; screen readers always read `full`, once.
 */
import { chakra } from '@vouch/ui';

export function TabName({ full, short }: { full: string; short: string }) {
  return (
    <>
      <chakra.span srOnly>{full}</chakra.span>
      <chakra.span aria-hidden="true" hideFrom="sm">
        {short}
      </chakra.span>
      <chakra.span aria-hidden="true" hideBelow="sm">
        {full}
      </chakra.span>
    </>
  );
}

/** A tab that never breaks its label over two lines (issue 28: at 390 px they did). */
export const ONE_LINE = { flexShrink: 0, whiteSpace: 'nowrap', px: { base: '2', sm: '4' } } as const;
