import { useEffect, useState } from 'react';
import { t, tCount } from '#extension/i18n.ts';
import { type Responses, sendRequest } from '#extension/messaging.ts';

/** How many answers the cache keeps, whether storage takes new ones, and a button that empties it. */
export function CacheRow() {
  const [stats, setStats] = useState<Responses['cache-stats'] | null>(null);
  useEffect(() => {
    void sendRequest({ type: 'cache-stats' }).then(setStats);
  }, []);
  const clear = async () => setStats(await sendRequest({ type: 'clear-cache' }));
  return (
    <>
      <div className="row">
        <button type="button" data-testid="clear-cache" onClick={() => void clear()}>
          {t('optionsClearCache')}
        </button>
        <span data-testid="cache-count">
          {stats === null ? '' : tCount('optionsCacheCount', stats.entries)}
        </span>
      </div>
      {stats?.saved === false && (
        <p className="status error" data-testid="cache-not-saved" role="alert">
          {t('optionsCacheNotSaved')}
        </p>
      )}
    </>
  );
}
