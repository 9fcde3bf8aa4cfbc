import { expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

/** The value of the one line that starts with `series ` in Prometheus's text. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.slice(series.length + 1) ?? Number.NaN);
}

it('counts requests, lookup times and credits as Prometheus reads them, however often it reads', async () => {
  const metrics = new Metrics(async () => 3);
  metrics.request('lookup', 200);
  metrics.request('lookup', 200);
  metrics.request('lookup', 404);
  metrics.lookup('hit', 0.0004);
  metrics.lookup('hit', 0.003);
  metrics.lookup('miss', 20);
  metrics.creditSpent();
  const first = await metrics.render();
  expect(value(first, 'webmail_http_requests_total{endpoint="lookup",status="200"}')).toBe(2);
  expect(value(first, 'webmail_http_requests_total{endpoint="lookup",status="404"}')).toBe(1);
  expect(value(first, 'webmail_lookup_duration_seconds_bucket{le="0.0005",cache="hit"}')).toBe(1);
  expect(value(first, 'webmail_lookup_duration_seconds_bucket{le="0.0025",cache="hit"}')).toBe(1);
  expect(value(first, 'webmail_lookup_duration_seconds_bucket{le="0.005",cache="hit"}')).toBe(2);
  expect(value(first, 'webmail_lookup_duration_seconds_bucket{le="10",cache="miss"}')).toBe(0);
  expect(value(first, 'webmail_lookup_duration_seconds_bucket{le="+Inf",cache="miss"}')).toBe(1);
  expect(value(first, 'webmail_lookup_duration_seconds_sum{cache="hit"}')).toBeCloseTo(0.0034, 10);
  expect(value(first, 'webmail_lookup_duration_seconds_count{cache="hit"}')).toBe(2);
  expect(value(first, 'webmail_credits_spent_total')).toBe(1);
  expect(value(first, 'webmail_open_connections')).toBe(3);
  expect(first).toContain('# TYPE webmail_lookup_duration_seconds histogram');

  metrics.request('lookup', 200);
  metrics.creditSpent();
  const second = await metrics.render();
  expect(value(second, 'webmail_http_requests_total{endpoint="lookup",status="200"}')).toBe(3);
  expect(value(second, 'webmail_credits_spent_total')).toBe(2);
});
