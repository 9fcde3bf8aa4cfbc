import type { BulkRunner } from '#worker/bulk-run.ts';
import type { LookupService } from '#worker/lookup-service.ts';
import type { Handlers } from '#worker/router.ts';

/** The bulk page's list: what it will cost, its run in the worker, and its answers. */
export function bulkHandlers(service: LookupService, runner: BulkRunner) {
  return {
    'bulk-plan': async ({ domains }) => {
      const cached = await Promise.all(
        domains.map(async (domain) => (await service.cached(domain)) !== null),
      );
      return { cached: domains.filter((_, index) => cached[index]) };
    },
    'bulk-start': ({ domains }) => runner.start(domains),
    'bulk-cancel': () => runner.cancel(),
    'bulk-status': () => runner.status(),
    // What the list paid for is its own, whatever the cache has since; the cache answers for the rest (a
    // domain a cancelled run did not reach, a job of a version that kept its answers only in the cache).
    'bulk-answers': async ({ domains }) => {
      const kept = await runner.answers(domains);
      return Object.fromEntries(
        await Promise.all(
          domains.map(async (domain) => [domain, kept[domain] ?? (await service.cached(domain))]),
        ),
      );
    },
    'bulk-dismiss': async () => ({ dismissed: await runner.dismiss() }),
  } satisfies Pick<
    Handlers,
    'bulk-plan' | 'bulk-start' | 'bulk-cancel' | 'bulk-status' | 'bulk-answers' | 'bulk-dismiss'
  >;
}
