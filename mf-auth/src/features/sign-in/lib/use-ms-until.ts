import { useEffect, useState } from 'react';

/** Milliseconds left until `at` (epoch ms), ticking each second while there are some; 0 once it passed. */
export function useMsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (at <= Date.now()) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [at]);
  return Math.max(0, at - now);
}
