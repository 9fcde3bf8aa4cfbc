import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Answer } from './answers.ts';

/** Where the service serves its OpenAPI document. */
export const OPENAPI_PATH = '/openapi.json';

/** The document, written in YAML for its readers (a deployment copies it beside server/). */
export const OPENAPI_FILE = new URL('../docs/openapi.yaml', import.meta.url);

/** The OpenAPI document as its file holds it. */
export function readOpenApiDocument(): unknown {
  return parse(readFileSync(OPENAPI_FILE, 'utf8'));
}

/**
 * The answer to GET /openapi.json: the document as JSON, read and serialised once, when the service starts
 * (a deployment without the file fails at start, not at its first request for it).
 */
export const OPENAPI_ANSWER: Answer = (() => {
  const body = JSON.stringify(readOpenApiDocument());
  return { status: 200, body, length: Buffer.byteLength(body) };
})();
