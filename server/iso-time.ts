/**
 * The current time as ISO 8601 text, formatted at most once per millisecond: many requests share one
 * millisecond under load, and `new Date().toISOString()` for each was about 4 % of a cached lookup (CPU
 * profile under autocannon).
 */
export function createIsoTime(now: () => number = Date.now): () => string {
  let formattedAt = Number.NaN;
  let text = '';
  return () => {
    const time = now();
    if (time !== formattedAt) {
      formattedAt = time;
      text = new Date(time).toISOString();
    }
    return text;
  };
}
