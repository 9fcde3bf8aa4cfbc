/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A budget line for a figure that must stay at or under `limit`: `<= 16 ms: OK (9.2 to spare)`. */
export function upperBudget(value: number, limit: number, unit: string): string {
  const gap = Math.abs(limit - value).toFixed(1);
  return value <= limit
    ? `<= ${limit} ${unit}: OK (${gap} to spare)`
    : `<= ${limit} ${unit}: MISSED by ${gap}`;
}

/** A budget line for a ratio that must stay at or under `limit` times a reference: `<= 2x the floor: OK (1.4x)`. */
export function ratioBudget(ratio: number, limit: number, reference: string): string {
  return `<= ${limit}x ${reference}: ${ratio <= limit ? 'OK' : 'MISSED'} (${ratioText(ratio, limit)}x)`;
}

/** A ratio to two decimals, or three where two would round it onto its limit and hide which side it is on. */
function ratioText(ratio: number, limit: number): string {
  const text = ratio.toFixed(2);
  return Number(text) === limit && ratio !== limit ? ratio.toFixed(3) : text;
}

/** A budget line for a figure that must reach at least `limit`. */
export function lowerBudget(value: number, limit: number, unit: string): string {
  const gap = Math.abs(value - limit).toFixed(1);
  return value >= limit ? `>= ${limit} ${unit}: OK (${gap} over)` : `>= ${limit} ${unit}: MISSED by ${gap}`;
}

/** A budget line for a ratio that must reach at least `limit` times a reference: `>= 5x linkify-it's: OK (9.3x)`. */
export function lowerRatioBudget(ratio: number, limit: number, reference: string): string {
  return `>= ${limit}x ${reference}: ${ratio >= limit ? 'OK' : 'MISSED'} (${ratioText(ratio, limit)}x)`;
}

/** The value at `fraction` (0–1) of the sorted values, by nearest rank: `percentile(values, 0.9)` is the p90. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
