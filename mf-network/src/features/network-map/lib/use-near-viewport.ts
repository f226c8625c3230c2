import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come into the viewport (or within `margin` of it), and from then on. The map's
 * WebGL drawing is the heaviest work of a page (over 200 ms of a phone's main thread at start):
 * below the fold, on a phone's dashboard, it waits until the member scrolls towards it (issue 41),
 * instead of blocking the page they are reading. Near or in view at load, it starts at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '0px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
