import { useCallback, useEffect, useState } from 'react';
import { t, tCount } from '#extension/i18n.ts';
import { type Responses, sendRequest } from '#extension/messaging.ts';
import { errorWords } from '#extension/page-words.ts';

/** How many answers the cache keeps, whether storage takes new ones, and a button that empties it. */
export function CacheRow() {
  const [stats, setStats] = useState<Responses['cache-stats'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useCallback(async (type: 'cache-stats' | 'clear-cache') => {
    try {
      setStats(await sendRequest({ type }));
      setFailure(null);
    } catch (error) {
      setFailure(errorWords(error));
    }
  }, []);
  useEffect(() => void ask('cache-stats'), [ask]);
  return (
    <>
      <div className="row">
        <button type="button" data-testid="clear-cache" onClick={() => void ask('clear-cache')}>
          {t('optionsClearCache')}
        </button>
        <span data-testid="cache-count">
          {stats === null
            ? ''
            : stats.entries === 0
              ? t('optionsCacheCountNone')
              : tCount('optionsCacheCount', stats.entries)}
        </span>
      </div>
      {stats?.saved === false && (
        <p className="status error" data-testid="cache-not-saved" role="alert">
          {t('optionsCacheNotSaved')}
        </p>
      )}
      {failure && (
        <p className="status error" data-testid="cache-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
