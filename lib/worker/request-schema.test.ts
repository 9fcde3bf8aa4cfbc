import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractEmails } from '#core/email/extract.ts';
import { MAX_DOMAIN_LENGTH, MAX_LABEL_LENGTH, MAX_LOCAL_PART_LENGTH } from '#core/email/rfc-limits.ts';
import { PROTOCOL } from '#extension/protocol.ts';
import { type HeldToProtocol, requestSchema } from './request-schema.ts';

/** Compiles only when `schema` agrees with the protocol (HeldToProtocol); true at run time. */
const held = <S extends z.ZodType<{ type: string }>>(schema: S, asHeld: HeldToProtocol<S>) =>
  Object.is(schema, asHeld);

describe('the request schemas and the protocol', () => {
  it('has one schema for each request of the protocol, and none besides', () => {
    const types = requestSchema.options.map((schema) => schema.shape.type.value);
    expect(types.toSorted()).toEqual(Object.keys(PROTOCOL).toSorted());
  });

  it("takes a report of the longest address a page's text yields, and no longer one", () => {
    const label = 'a'.repeat(MAX_LABEL_LENGTH);
    const last = 'b'.repeat(MAX_DOMAIN_LENGTH - 3 * (MAX_LABEL_LENGTH + 1) - '.com'.length);
    const domain = `${label}.${label}.${label}.${last}.com`;
    const [found] = extractEmails(`write to ${'c'.repeat(MAX_LOCAL_PART_LENGTH)}@${domain} today`);
    expect(found?.address.length).toBe(MAX_LOCAL_PART_LENGTH + 1 + MAX_DOMAIN_LENGTH);
    const report = (address: string) =>
      requestSchema.safeParse({ type: 'report-addresses', addresses: [address] }).success;
    expect(report(found?.address ?? '')).toBe(true);
    expect(report(`c${found?.address}`)).toBe(false);
  });

  // Each drift below fails `npm run typecheck` (tsc reads the tests too): were the check to let one pass,
  // the @ts-expect-error above it would be unused, and that fails the type check instead.
  it('fails the type check where a schema and the protocol differ', () => {
    const [lookup, ...others] = requestSchema.options;
    expect(held(requestSchema, requestSchema)).toBe(true);
    const extra = z.discriminatedUnion('type', [lookup.extend({ extra: z.string() }), ...others]);
    // @ts-expect-error a field the protocol lacks
    expect(held(extra, extra)).toBe(true);
    const note = z.discriminatedUnion('type', [lookup.extend({ note: z.string().optional() }), ...others]);
    // @ts-expect-error an optional field the protocol lacks
    expect(held(note, note)).toBe(true);
    const noIntent = z.discriminatedUnion('type', [lookup.omit({ intent: true }), ...others]);
    // @ts-expect-error an optional field of the protocol that the schema lacks
    expect(held(noIntent, noIntent)).toBe(true);
    const textRefresh = z.discriminatedUnion('type', [lookup.extend({ refresh: z.string() }), ...others]);
    // @ts-expect-error a field of another type
    expect(held(textRefresh, textRefresh)).toBe(true);
    const noLookup = z.discriminatedUnion('type', others);
    // @ts-expect-error a request of the protocol without a schema
    expect(held(noLookup, noLookup)).toBe(true);
    const noSuch = z.discriminatedUnion('type', [
      ...requestSchema.options,
      z.object({ type: z.literal('no') }),
    ]);
    // @ts-expect-error a schema of a request the protocol lacks
    expect(held(noSuch, noSuch)).toBe(true);
  });
});
