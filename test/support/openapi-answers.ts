import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_PATH } from '#core/webmail-info.ts';
import { readOpenApiDocument } from '../../server/openapi.ts';

/**
 * Every answer the service's suites receive, checked against docs/openapi.yaml: its status is one the
 * document gives for the request's path and method, its body matches that response's schema, its content
 * type is the one described, and each header the document describes is there when required and matches its
 * schema when present. So a test of any behaviour also proves the document true of that answer.
 */

interface HeaderObject {
  required?: boolean;
  schema?: { type?: string };
}
interface ResponseObject {
  headers?: Record<string, unknown>;
  content?: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  components: { schemas: { WebmailInfo: { properties: Record<string, unknown> } } };
}

/** The base the document's `#/...` pointers resolve against in Ajv; never fetched. */
const DOCUMENT_ID = 'https://webmail-lookup.invalid/openapi.json';
/** The answer whose `data` is the webmail info object. */
const LOOKUP = { path: API_PATH, method: 'post', status: '200' };

export interface ReceivedAnswer {
  method: string;
  /** The request's path, with or without its query. */
  path: string;
  status: number;
  headers: Headers;
  /** The body's text. */
  body: string;
}

class AnswerChecker {
  readonly #document = readOpenApiDocument() as OpenApiDocument;
  readonly #ajv = new Ajv2020({ allErrors: true, strict: true });
  readonly #validators = new Map<string, ValidateFunction>();

  constructor() {
    addFormats(this.#ajv);
    // OpenAPI's own keywords beside JSON Schema's, and the document's sections that hold the schemas.
    for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs', 'paths', 'components'])
      this.#ajv.addKeyword(keyword);
    const { paths, components } = this.#document;
    this.#ajv.addSchema({ $id: DOCUMENT_ID, paths, components });
  }

  problems(answer: ReceivedAnswer): string[] {
    const path = answer.path.split('?')[0] ?? '';
    const method = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
    const operations = this.#document.paths[path];
    const operation = operations?.[method];
    if (!operation) return this.#undocumentedRequest(answer, operations !== undefined);
    const status = String(answer.status);
    if (!operation.responses[status])
      return [`status ${status} is not documented for ${method.toUpperCase()} ${path}`];
    const pointer = this.#resolve(`/paths/${pointerPart(path)}/${method}/responses/${status}`);
    const response = this.#at(pointer) as ResponseObject;
    const problems = [...this.#headerProblems(pointer, response, answer.headers)];
    if (answer.method.toUpperCase() !== 'HEAD')
      problems.push(...this.#bodyProblems(pointer, response, answer));
    if (path === LOOKUP.path && method === LOOKUP.method && status === LOOKUP.status)
      problems.push(...this.#undescribedProperties(answer.body));
    return problems;
  }

  /**
   * A path the document does not have is answered 404, a method its path does not take 405 (with Allow), both
   * in the error envelope; or 429 (with Retry-After) once the address's requests without a key are used up.
   */
  #undocumentedRequest(answer: ReceivedAnswer, pathKnown: boolean): string[] {
    const refusal = pathKnown ? 405 : 404;
    const problems: string[] = [];
    if (answer.status === 429) {
      if (!/^[1-9]\d*$/.test(answer.headers.get('retry-after') ?? ''))
        problems.push('a 429 without Retry-After');
    } else if (answer.status !== refusal) problems.push(`status ${answer.status}, not ${refusal} or 429`);
    else if (refusal === 405 && !answer.headers.get('allow')) problems.push('a 405 without an Allow header');
    return [...problems, ...this.#validate('/components/schemas/ErrorEnvelope', parseJson(answer.body))];
  }

  *#headerProblems(pointer: string, response: ResponseObject, headers: Headers): Generator<string> {
    for (const name of Object.keys(response.headers ?? {})) {
      const headerPointer = this.#resolve(`${pointer}/headers/${pointerPart(name)}`);
      const header = this.#at(headerPointer) as HeaderObject;
      const value = headers.get(name);
      if (value === null) {
        if (header.required) yield `no ${name} header`;
        continue;
      }
      const typed = header.schema?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      for (const problem of this.#validate(`${headerPointer}/schema`, typed)) yield `${name}: ${problem}`;
    }
  }

  #bodyProblems(pointer: string, response: ResponseObject, answer: ReceivedAnswer): string[] {
    const content = response.content ?? {};
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!(mediaType in content))
      return [`content type ${mediaType || 'none'}, not ${Object.keys(content).join(' or ')}`];
    const body = mediaType === 'application/json' ? parseJson(answer.body) : answer.body;
    return this.#validate(`${pointer}/content/${pointerPart(mediaType)}/schema`, body);
  }

  /** The spec lets `data` carry more; the document names every property this service sends. */
  #undescribedProperties(body: string): string[] {
    const data = (parseJson(body) as { data?: unknown })?.data;
    if (typeof data !== 'object' || data === null) return [];
    const described = this.#document.components.schemas.WebmailInfo.properties;
    return Object.keys(data)
      .filter((name) => !(name in described))
      .map((name) => `data.${name} is not described in components.schemas.WebmailInfo`);
  }

  #validate(pointer: string, value: unknown): string[] {
    let validate = this.#validators.get(pointer);
    if (!validate) {
      validate = this.#ajv.getSchema(`${DOCUMENT_ID}#${pointer}`);
      if (!validate) throw new Error(`docs/openapi.yaml has no schema at ${pointer}`);
      this.#validators.set(pointer, validate);
    }
    return validate(value) ? [] : (validate.errors ?? []).map(describeError);
  }

  /** The pointer an object's `$ref` leads to, followed to the end; the pointer itself without one. */
  #resolve(pointer: string): string {
    const target = this.#at(pointer) as { $ref?: string } | undefined;
    return target?.$ref ? this.#resolve(target.$ref.replace(/^#/, '')) : pointer;
  }

  #at(pointer: string): unknown {
    let node: unknown = this.#document;
    for (const part of pointer.split('/').slice(1))
      node = (node as Record<string, unknown> | undefined)?.[
        part.replaceAll('~1', '/').replaceAll('~0', '~')
      ];
    return node;
  }
}

function pointerPart(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { notJson: text.slice(0, 200) };
  }
}

function describeError(error: ErrorObject): string {
  const where = error.instancePath || '(the value)';
  const { allowedValues, allowedValue } = error.params as { allowedValues?: unknown; allowedValue?: unknown };
  const allowed =
    allowedValues !== undefined || allowedValue !== undefined
      ? ` ${JSON.stringify(allowedValues ?? allowedValue)}`
      : '';
  return `${where} ${error.message ?? error.keyword}${allowed}`;
}

let checker: AnswerChecker | undefined;

/** What in an answer docs/openapi.yaml does not describe; empty when the document describes it all. */
export function undocumentedInAnswer(answer: ReceivedAnswer): string[] {
  checker ??= new AnswerChecker();
  return checker.problems(answer);
}

/** Throws, naming each difference, when the answer is not as docs/openapi.yaml describes it. */
export function expectDocumented(answer: ReceivedAnswer): void {
  const problems = undocumentedInAnswer(answer);
  if (problems.length > 0) {
    throw new Error(
      `The answer to ${answer.method.toUpperCase()} ${answer.path} (${answer.status}) is not as docs/openapi.yaml ` +
        `describes it:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n${answer.body.slice(0, 500)}`,
    );
  }
}

/**
 * fetch, with the answer checked against docs/openapi.yaml before it is handed back (its body already read).
 * Each request has a connection of its own: a kept-alive one is raced by the service's idle close (5 s after
 * its last answer) when a loaded machine runs the client's own timer (3 s) late, and the request then meets
 * "other side closed" (seen in test/server/processes.test.ts at a load average of 15).
 */
export async function documentedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('connection')) headers.set('connection', 'close');
  const response = await fetch(url, { ...init, headers });
  const body = await response.text();
  const method = init.method ?? 'GET';
  expectDocumented({
    method,
    path: new URL(url).pathname,
    status: response.status,
    headers: response.headers,
    body,
  });
  return new Response(method.toUpperCase() === 'HEAD' ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
