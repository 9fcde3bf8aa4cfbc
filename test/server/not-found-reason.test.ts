import { describe, expect, it } from 'vitest';
import { notFoundReason } from '#core/api/outcome.ts';
import { MESSAGES } from '../../server/messages.ts';

/**
 * The client tells the two 404s apart by the spec's meaning phrases in the service's messages: what this service sends must be what
 * the client reads, or every "will bounce" would read as a mailbox without a name.
 */
describe("the service's 404 messages, as the client reads them", () => {
  it('a domain without MX is one that takes no mail; an unknown provider is a mailbox we cannot name', () => {
    expect(notFoundReason(MESSAGES.noMx)).toBe('no-mx');
    expect(notFoundReason(MESSAGES.unrecognised)).toBe('unrecognised');
  });

  it('no other message of the service reads as either', () => {
    for (const [key, message] of Object.entries(MESSAGES)) {
      if (key === 'noMx' || key === 'unrecognised' || typeof message !== 'string') continue;
      expect(notFoundReason(message), key).toBe('unstated');
    }
  });
});
