/** The map's nominal size for this viewport (600 / 400 px, SPEC "Network map"), following resizes. */
import { useEffect, useState } from 'react';
import { mapSizeFor, MOBILE_MAP_SIZE, DESKTOP_MAP_SIZE, MOBILE_MEDIA_QUERY } from './map-size';

export function useMapSize(): number {
  const [size, setSize] = useState(() => (typeof window === 'undefined' ? DESKTOP_MAP_SIZE : mapSizeFor(window.innerWidth)));
  useEffect(() => {
    const query = window.matchMedia(MOBILE_MEDIA_QUERY);
    const update = () => setSize(query.matches ? MOBILE_MAP_SIZE : DESKTOP_MAP_SIZE);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return size;
}

/** True when the person asked for less motion: transitions then jump instead of animating. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
