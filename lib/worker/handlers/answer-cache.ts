import type { AnswerCache } from '#worker/answer-cache.ts';
import type { Handlers } from '#worker/router.ts';

/** The options page's view of the answer cache: how many answers it keeps, whether storage takes them, and emptying it. */
export function answerCacheHandlers(cache: AnswerCache) {
  return {
    'cache-stats': async () => ({ entries: await cache.size(), saved: cache.saved() }),
    'clear-cache': async () => {
      await cache.clear();
      return { entries: 0, saved: cache.saved() };
    },
  } satisfies Pick<Handlers, 'cache-stats' | 'clear-cache'>;
}
