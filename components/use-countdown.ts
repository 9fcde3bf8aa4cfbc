import { useEffect, useReducer } from 'react';
import { secondsUntil } from '#extension/countdown.ts';

/**
 * The whole seconds left until `until` (epoch ms), as a countdown shows them: 0 when it is null or past. The
 * component renders again each time the figure goes down by one, and once more when it is over; the timer
 * goes with the component.
 */
export function useCountdown(until: number | null): number {
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
  return until === null ? 0 : secondsUntil(until, Date.now());
}
