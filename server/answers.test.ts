import { describe, expect, it } from 'vitest';
import { foundAnswer } from './answers.ts';

const INFO = {
  name: 'Exämple',
  nice_name: 'Exämple Mail — ✉',
  webmail_url: 'https://mail.example',
  webmail_search_url: null,
  is_disposable: false,
  is_freemail: true,
  is_privacy_service: false,
};

describe('a found answer', () => {
  it('closes the envelope with the asking account’s balance, its length in bytes', () => {
    const ends = '2026-02-01T00:00:00.000Z';
    const subscriber = foundAnswer(INFO, { credits: 3, subscription: { lookupsRemaining: 7, endsAt: ends } });
    const spender = foundAnswer(INFO, { credits: 12, subscription: null });
    expect(JSON.parse(subscriber.body)).toEqual({
      success: true,
      message: 'Successfully retrieved webmail info',
      data: { ...INFO, credits_remaining: 3, subscription_lookups_remaining: 7, subscription_ends_at: ends },
    });
    expect(JSON.parse(spender.body).data).toEqual({ ...INFO, credits_remaining: 12 });
    for (const answer of [subscriber, spender]) expect(answer.length).toBe(Buffer.byteLength(answer.body));
  });

  it('leaves out an end no date can show, and carries no balance where none was read', () => {
    const odd = foundAnswer(INFO, { credits: 0, subscription: { lookupsRemaining: 1, endsAt: null } });
    expect(JSON.parse(odd.body).data).toEqual({
      ...INFO,
      credits_remaining: 0,
      subscription_lookups_remaining: 1,
    });
    const unread = foundAnswer(INFO, null);
    expect(JSON.parse(unread.body).data).toEqual(INFO);
    expect(unread.length).toBe(Buffer.byteLength(unread.body));
  });
});
