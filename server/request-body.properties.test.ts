import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLookupRequest } from './request-body.ts';

describe('the service’s request parser, for any bytes', () => {
  it('never throws, and accepts only an object with a string email and at most a boolean skip_cache', () => {
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.json().map((json) => new TextEncoder().encode(json)),
      fc
        .record({
          email: fc.oneof(fc.emailAddress(), fc.domain(), fc.string()),
          skip_cache: fc.option(fc.boolean(), { nil: undefined }),
        })
        .map((body) => new TextEncoder().encode(JSON.stringify(body))),
    );
    fc.assert(
      fc.property(bodies, (body) => {
        const parsed = parseLookupRequest(body);
        if (parsed === null) return;
        const json = JSON.parse(new TextDecoder().decode(body));
        expect(typeof json.email).toBe('string');
        expect(Object.keys(json).every((key) => key === 'email' || key === 'skip_cache')).toBe(true);
        expect(parsed.domain).toMatch(/^[a-z0-9.-]+$/);
        expect(parsed.skipCache).toBe(json.skip_cache === true);
      }),
      { numRuns: 3_000 },
    );
  });

  it('accepts every syntactically valid address fast-check can make', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const parsed = parseLookupRequest(new TextEncoder().encode(JSON.stringify({ email })));
        if (email.length <= 254)
          expect(parsed?.domain).toBe(email.slice(email.lastIndexOf('@') + 1).toLowerCase());
      }),
      { numRuns: 1_000 },
    );
  });
});
