import { z } from 'zod';

/**
 * The contract's parser (lib/core/webmail-info.ts says what it holds), for what reads answers from the
 * network or from storage: the API client, the service's cache, the worker's answer cache. Apart from the
 * contract's names so that zod stays out of the card and the content script, which only read answers.
 */

/**
 * The `data` object of a 200 answer (spec §2.2). One definition serves the service, the client and the UI.
 * Additional properties are allowed by the spec, so they are kept (never rendered as HTML).
 */
export const webmailInfoSchema = z.looseObject({
  name: z.string(),
  nice_name: z.string(),
  webmail_url: z.string().nullable(),
  webmail_search_url: z.string().nullable(),
  is_disposable: z.boolean(),
  is_freemail: z.boolean(),
  is_privacy_service: z.boolean(),
});

export type WebmailInfo = z.infer<typeof webmailInfoSchema>;

/** The envelope of every response (spec §2.1); `data` is an object on 200 and null on every error. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: webmailInfoSchema.nullable(),
});

export type Envelope = z.infer<typeof envelopeSchema>;
