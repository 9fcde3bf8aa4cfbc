import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BALANCE_HEADERS, BALANCE_PROPERTIES } from './balance.ts';

/** docs/openapi.yaml, whose names of the balance the client reads by. */
const DOCUMENT = parse(readFileSync(new URL('../../../docs/openapi.yaml', import.meta.url), 'utf8'));

describe('the balance the client reads', () => {
  it('is read by the headers docs/openapi.yaml names, each on every lookup answer it describes them on', () => {
    const documented = Object.keys(DOCUMENT.components.headers).map((name) => name.toLowerCase());
    expect(documented).toEqual(expect.arrayContaining(Object.values(BALANCE_HEADERS)));
    const found = DOCUMENT.paths['/public_api/v1/get_webmail_info'].post.responses['200'].headers;
    const onFound = Object.keys(found).map((name) => name.toLowerCase());
    expect(onFound).toEqual(expect.arrayContaining(Object.values(BALANCE_HEADERS)));
  });

  it('is read by the 200 data properties docs/openapi.yaml names, as integers and a date-time', () => {
    const properties = DOCUMENT.components.schemas.WebmailInfo.properties;
    expect(properties[BALANCE_PROPERTIES.credits]).toMatchObject({ type: 'integer', minimum: 0 });
    expect(properties[BALANCE_PROPERTIES.subscriptionRemaining]).toMatchObject({
      type: 'integer',
      minimum: 0,
    });
    expect(properties[BALANCE_PROPERTIES.subscriptionEnds]).toMatchObject({
      type: 'string',
      format: 'date-time',
    });
  });
});
