import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import {
  type MailboxEvidenceProperties,
  PROVIDER_CONFIDENCES,
  PROVIDER_SOURCES,
  SEARCH_QUERY_ENCODING,
} from './webmail-info.ts';
import { envelopeSchema, webmailInfoSchema } from './webmail-info-schema.ts';

/**
 * The client's parser and the service's OpenAPI document (docs/openapi.yaml) say the same of every field:
 * its name, its types (null among them when it may be null), whether it is required, and its allowed values.
 * The parser is turned into JSON Schema by zod itself, so what is compared is what the parser accepts.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
}

const document = parse(readFileSync(new URL('../../docs/openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Schema> };
};
const { WebmailInfo, FoundEnvelope, ErrorEnvelope } = document.components.schemas as Record<
  'WebmailInfo' | 'FoundEnvelope' | 'ErrorEnvelope',
  Schema
>;

function resolved(schema: Schema): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name ? (document.components.schemas[name] ?? expect.unreachable(`no schema ${name}`)) : schema;
}

/** The JSON types a schema admits, sorted: a `const` counts as its value's type. */
function typesOf(schema: Schema): string[] {
  const target = resolved(schema);
  if (target.anyOf) return [...new Set(target.anyOf.flatMap(typesOf))].sort();
  if (target.type !== undefined) return [target.type].flat().sort();
  if (target.const !== undefined) return [target.const === null ? 'null' : typeof target.const];
  return [];
}

/** Each property of an object schema: its types, whether it is required, and its allowed values if listed. */
function fieldsOf(schema: Schema) {
  const target = resolved(schema);
  return Object.fromEntries(
    Object.entries(target.properties ?? {}).map(([name, property]) => [
      name,
      {
        types: typesOf(property),
        required: target.required?.includes(name) ?? false,
        ...(resolved(property).enum && { values: resolved(property).enum }),
      },
    ]),
  );
}

const client = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'draft-2020-12' }) as Schema;

describe('the client’s schema and the OpenAPI document', () => {
  it('agree on every field the client parses: name, types, null, required, values', () => {
    const documented = fieldsOf(WebmailInfo);
    const parsed = fieldsOf(client(webmailInfoSchema));
    for (const [name, field] of Object.entries(parsed))
      expect({ [name]: documented[name] }).toEqual({ [name]: field });
  });

  it('require the same fields, so every field the document requires is parsed', () => {
    expect([...(client(webmailInfoSchema).required ?? [])].sort()).toEqual(
      [...(WebmailInfo.required ?? [])].sort(),
    );
  });

  it('both keep additional properties', () => {
    expect(WebmailInfo.additionalProperties).not.toBe(false);
    expect(client(webmailInfoSchema).additionalProperties).not.toBe(false);
  });

  it('describe the additional properties the client reads, with the values it knows', () => {
    const documented = fieldsOf(WebmailInfo);
    const evidence: Record<keyof MailboxEvidenceProperties, readonly string[] | null> = {
      provider_source: PROVIDER_SOURCES,
      provider_confidence: PROVIDER_CONFIDENCES,
      gateway: null,
    };
    for (const [name, values] of Object.entries(evidence)) {
      expect(documented[name], name).toEqual({
        types: ['string'],
        required: false,
        ...(values && { values: [...values] }),
      });
    }
    // lib/core/links.ts encodes twice for `twice` alone.
    expect(documented[SEARCH_QUERY_ENCODING]).toEqual({
      types: ['string'],
      required: false,
      values: ['twice'],
    });
  });

  it('agree on the envelope: data is the webmail info object on 200 and null on every error', () => {
    const parsed = fieldsOf(client(envelopeSchema));
    const found = fieldsOf(FoundEnvelope);
    const error = fieldsOf(ErrorEnvelope);
    expect(Object.keys(found).sort()).toEqual(Object.keys(parsed).sort());
    expect(Object.keys(error).sort()).toEqual(Object.keys(parsed).sort());
    for (const name of Object.keys(parsed)) {
      const documentedTypes = [...new Set([...(found[name]?.types ?? []), ...(error[name]?.types ?? [])])];
      expect({ [name]: documentedTypes.sort() }).toEqual({ [name]: parsed[name]?.types });
      expect(found[name]?.required && error[name]?.required).toBe(parsed[name]?.required);
    }
    expect(resolved(FoundEnvelope.properties?.data ?? {})).toBe(WebmailInfo);
  });
});
