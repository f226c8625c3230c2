/**
 * The object a notification opened (issue 40): a page's `?<name>=<id>` (`/my-vouches?tab=sent&vouch=12`)
 * names the item the bell, a push or a text is about. The card of that item calls this hook: it is
 * scrolled into view once and marked, so the member lands on what they were told of, not on a list.
 */
import { useCallback, useRef } from 'react';
import { readObjectParam } from '@vouch/contracts';
import { useLocation } from './router';

export function useLinkedObject(name: string, id: number): { linked: boolean; ref: (element: HTMLElement | null) => void } {
  const { search } = useLocation();
  const linked = readObjectParam(search, name) === id;
  const scrolled = useRef(false);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!linked || !element || scrolled.current) return;
      scrolled.current = true;
      element.scrollIntoView({ block: 'center' });
    },
    [linked],
  );
  return { linked, ref };
}
