import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CORE = new URL('..', import.meta.url).pathname;
/** The lengths only the standards' limits have: a domain's 253 and an address's 254. */
const LIMIT_LITERAL = /(?<![\w.])25[34](?![\w.])/;

/** Each line of the core's product code, with its file, comments left out. */
function coreCodeLines(): { file: string; line: string }[] {
  return readdirSync(CORE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) =>
      readFileSync(join(CORE, file), 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(?:\*|\/\/|\/\*)/.test(line))
        .map((line) => ({ file, line: line.replace(/\/\/.*$/, '') })),
    );
}

describe('the standards’ limits', () => {
  it('are spelled in rfc-limits.ts alone, in all of the core', () => {
    const elsewhere = coreCodeLines().filter(
      ({ file, line }) => file !== join('email', 'rfc-limits.ts') && LIMIT_LITERAL.test(line),
    );
    expect(elsewhere).toEqual([]);
  });
});
