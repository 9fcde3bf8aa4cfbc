import { useEffect, useReducer } from 'react';

/**
 * Renders the component again each time a countdown to `until` (epoch ms) shows one second less, and once
 * more when it is over; nothing when `until` is null or past. The timer goes with the component.
 */
export function useTickUntil(until: number | null): void {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (until === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const left = until - Date.now();
      if (left <= 0) return;
      // To the moment the whole seconds left (rounded up) go down by one.
      timer = setTimeout(
        () => {
          tick();
          next();
        },
        left % 1000 || 1000,
      );
    };
    next();
    return () => clearTimeout(timer);
  }, [until]);
}
