import { fileURLToPath } from 'node:url';
import { createConfig, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { MESSAGES } from './messages.ts';
import { OPENAPI_ANSWER, OPENAPI_FILE, readOpenApiDocument } from './openapi.ts';

interface ResponseObject {
  content?: Record<string, { examples?: Record<string, { value?: { message?: unknown } }> }>;
}
type Paths = Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;

/** Every message the service sends, by the method, path and status it answers with it. */
const MESSAGES_BY_ANSWER: Record<string, string[]> = {
  'post /public_api/v1/get_webmail_info 200': [MESSAGES.found],
  'post /public_api/v1/get_webmail_info 400': [MESSAGES.badRequest],
  'post /public_api/v1/get_webmail_info 401': [
    MESSAGES.unknownKey,
    MESSAGES.billing(loadConfig({}).DASHBOARD_URL),
  ],
  'post /public_api/v1/get_webmail_info 404': [MESSAGES.noMx, MESSAGES.unrecognised],
  'post /public_api/v1/get_webmail_info 408': [MESSAGES.requestTimeout],
  'post /public_api/v1/get_webmail_info 429': [MESSAGES.rateLimited],
  'post /public_api/v1/get_webmail_info 500': [MESSAGES.unknownError],
  'get /healthz 200': [MESSAGES.alive],
  'get /readyz 200': [MESSAGES.ready],
  'get /readyz 503': [MESSAGES.notReady, MESSAGES.shuttingDown],
};

/** The messages of each response's examples in the document, by method, path and status. */
function exampleMessages(paths: Paths): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, { responses }] of Object.entries(operations)) {
      for (const [status, response] of Object.entries(responses)) {
        const messages = Object.values(response.content ?? {})
          .flatMap((media) => Object.values(media.examples ?? {}))
          .map((example) => example.value?.message)
          .filter((message) => typeof message === 'string');
        if (messages.length > 0) found[`${method} ${path} ${status}`] = [...new Set(messages)];
      }
    }
  }
  return found;
}

describe('docs/openapi.yaml', () => {
  it('passes Redocly’s lint, every warning of its recommended rules an error', async () => {
    const config = await createConfig({
      extends: ['recommended-strict'],
      rules: {
        // The repository names no license: the document must not make one up.
        'info-license': 'off',
        // The operations endpoints answer a well-formed GET with no 4xx; the lookup's 4xx are all described.
        'operation-4xx-response': 'off',
        // Redocly holds each subschema (the spec's rules, if/then) to the properties it names itself; the
        // examples are held to the service's own answers (test/server/openapi.test.ts).
        'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: true },
      },
    });
    const problems = await lint({ ref: fileURLToPath(OPENAPI_FILE), config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it('gives as examples every message the service sends, with the status it sends it with', () => {
    const { paths } = readOpenApiDocument() as { paths: Paths };
    expect(exampleMessages(paths)).toEqual(MESSAGES_BY_ANSWER);
  });

  it('is served as the JSON of what the file holds', () => {
    expect(OPENAPI_ANSWER.status).toBe(200);
    expect(JSON.parse(OPENAPI_ANSWER.body)).toEqual(readOpenApiDocument());
    expect(OPENAPI_ANSWER.length).toBe(Buffer.byteLength(OPENAPI_ANSWER.body));
  });
});
