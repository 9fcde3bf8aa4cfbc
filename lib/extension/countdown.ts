/** Whole seconds from `now` until `time` (epoch ms), as a countdown shows them: 0 once it has passed. */
export function secondsUntil(time: number, now: number): number {
  return Math.max(0, Math.ceil((time - now) / 1000));
}
