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
    'bulk-answers': async ({ domains }) =>
      Object.fromEntries(
        await Promise.all(
          domains.map(async (domain) => [
            domain,
            (await service.cached(domain)) ?? (await runner.recorded(domain)),
          ]),
        ),
      ),
  } satisfies Pick<Handlers, 'bulk-plan' | 'bulk-start' | 'bulk-cancel' | 'bulk-status' | 'bulk-answers'>;
}
