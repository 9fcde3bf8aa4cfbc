import { describe, expect, it } from 'vitest';
import { API_PATH } from '#core/webmail-info.ts';
import { HOSTED_GMAIL_INFO } from '../fixtures/hosted-examples.ts';
import { type ReceivedAnswer, undocumentedInAnswer } from './openapi-answers.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

function lookupAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ReceivedAnswer {
  return {
    method: 'POST',
    path: API_PATH,
    status,
    headers: new Headers({ 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...headers }),
    body: JSON.stringify(body),
  };
}

const found = (data: Record<string, unknown>) =>
  lookupAnswer(200, { success: true, message: 'Successfully retrieved webmail info', data });
const refused = (status: number) => lookupAnswer(status, { success: false, message: 'No', data: null });

describe('the check of answers against docs/openapi.yaml', () => {
  it('finds nothing to say of answers as the document describes them', () => {
    expect(undocumentedInAnswer(found(HOSTED_GMAIL_INFO))).toEqual([]);
    expect(
      undocumentedInAnswer(
        found({ ...HOSTED_GMAIL_INFO, provider_source: 'spf', provider_confidence: 'medium', gateway: 'X' }),
      ),
    ).toEqual([]);
    expect(undocumentedInAnswer(lookupAnswer(429, refusedBody(), { 'Retry-After': '12' }))).toEqual([]);
    expect(
      undocumentedInAnswer(
        lookupAnswer(200, foundBody(), {
          'Webmail-Credits-Remaining': '0',
          'Webmail-Subscription-Remaining': '5',
          'Webmail-Subscription-Ends': '2026-12-31T23:59:59.000Z',
        }),
      ),
    ).toEqual([]);
  });

  it('names a required property missing from data, and one of the wrong type', () => {
    const { nice_name: _, ...withoutNiceName } = HOSTED_GMAIL_INFO;
    expect(undocumentedInAnswer(found(withoutNiceName))).toEqual([
      "/data must have required property 'nice_name'",
    ]);
    expect(undocumentedInAnswer(found({ ...HOSTED_GMAIL_INFO, is_freemail: 'yes' }))).toEqual([
      '/data/is_freemail must be boolean',
    ]);
  });

  it('names an additional property of data the document does not describe', () => {
    expect(undocumentedInAnswer(found({ ...HOSTED_GMAIL_INFO, mood: 'happy' }))).toEqual([
      'data.mood is not described in components.schemas.WebmailInfo',
    ]);
  });

  it('names an additional property whose value the document does not allow', () => {
    expect(undocumentedInAnswer(found({ ...HOSTED_GMAIL_INFO, provider_source: 'dkim' }))).toEqual([
      '/data/provider_source must be equal to one of the allowed values ["mx","spf","ms-verification"]',
    ]);
  });

  it('names what the spec’s rules forbid: a privacy service with a URL, a search link without a mailbox', () => {
    const relay = { ...HOSTED_GMAIL_INFO, is_privacy_service: true, is_freemail: false };
    expect(undocumentedInAnswer(found(relay))).toEqual([
      '/data/webmail_url must be null',
      '/data/webmail_search_url must be null',
      '/data must match "then" schema',
    ]);
    expect(undocumentedInAnswer(found({ ...HOSTED_GMAIL_INFO, webmail_url: null }))).toEqual([
      '/data/webmail_search_url must be null',
      '/data must match "then" schema',
    ]);
  });

  it('names an error whose data is not null, or whose success is true', () => {
    expect(undocumentedInAnswer(lookupAnswer(404, { success: false, message: 'x', data: {} }))).toEqual([
      '/data must be null',
    ]);
    expect(undocumentedInAnswer(lookupAnswer(500, { success: true, message: 'x', data: null }))).toEqual([
      '/success must be equal to constant false',
    ]);
  });

  it('names a status the document does not give for the operation', () => {
    expect(undocumentedInAnswer(refused(402))).toEqual([`status 402 is not documented for POST ${API_PATH}`]);
  });

  it('names a 429 without Retry-After, or with one that is not a number of seconds', () => {
    expect(undocumentedInAnswer(refused(429))).toEqual(['no Retry-After header']);
    expect(undocumentedInAnswer(lookupAnswer(429, refusedBody(), { 'Retry-After': 'soon' }))).toEqual([
      'Retry-After: (the value) must be integer',
    ]);
  });

  it('names a balance header that is not what the document says', () => {
    expect(
      undocumentedInAnswer(lookupAnswer(200, foundBody(), { 'Webmail-Credits-Remaining': '-1' })),
    ).toEqual(['Webmail-Credits-Remaining: (the value) must be >= 0']);
    expect(
      undocumentedInAnswer(lookupAnswer(200, foundBody(), { 'Webmail-Subscription-Ends': 'next week' })),
    ).toEqual(['Webmail-Subscription-Ends: (the value) must match format "date-time"']);
  });

  it('names a content type the document does not give', () => {
    const answer = found(HOSTED_GMAIL_INFO);
    answer.headers.set('Content-Type', 'text/html');
    expect(undocumentedInAnswer(answer)).toEqual(['content type text/html, not application/json']);
  });

  it('holds an unknown path to a 404, and a method its path does not take to a 405 with Allow', () => {
    const other = (method: string, path: string, status: number, headers: Record<string, string> = {}) =>
      undocumentedInAnswer({ ...refused(status), method, path, headers: new Headers(headers) });
    expect(other('POST', '/nothing', 404)).toEqual([]);
    expect(other('POST', '/nothing', 200)).toEqual(['status 200, not 404 or 429']);
    expect(other('GET', API_PATH, 405, { Allow: 'POST' })).toEqual([]);
    expect(other('GET', API_PATH, 405)).toEqual(['a 405 without an Allow header']);
    expect(other('POST', '/nothing', 429)).toEqual(['a 429 without Retry-After']);
  });
});

function foundBody() {
  return { success: true, message: 'Successfully retrieved webmail info', data: HOSTED_GMAIL_INFO };
}

function refusedBody() {
  return { success: false, message: 'No', data: null };
}
