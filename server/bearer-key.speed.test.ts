import { describe, it } from 'vitest';
import { expectLinearForAll } from '#test/support/linear-time.ts';
import { bearerKey } from './bearer-key.ts';

/** Every request's Authorization header is read: 4× the header may cost at most 6× the time. */
const PIECES = ['Bearer', ' ', '\t', 'x', 'wl_', '=', '.', '\u00a0'];

describe('reading the Authorization header', () => {
  it('costs time linear in the header, whatever it is made of', () => {
    expectLinearForAll(bearerKey, PIECES);
    expectLinearForAll(bearerKey, PIECES, { wrap: (text) => `Bearer ${text}` });
    expectLinearForAll(bearerKey, PIECES, { wrap: (text) => `Bearer wl_key${text}x` });
  });
});
