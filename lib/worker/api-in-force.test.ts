import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { apiKeyItem, policySeenItem, settingsItem } from '#extension/stored.ts';
import { browserPolicySources, PolicyInForce } from '#settings/policy.ts';
import { loadLookupTarget } from '#settings/storage.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { apiInForce } from './api-in-force.ts';
import { Balances } from './balances.ts';

const ORG = { apiKey: 'wl_org_key', baseUrl: 'https://lookup.corp.example' };

/** A service reached through a fake fetch: each request's key, and a way to make it fail or answer. */
function service() {
  const sent: string[] = [];
  let failing = true;
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    // As fetch does: a request whose signal is aborted is never sent.
    init?.signal?.throwIfAborted();
    sent.push(`${new Headers(init?.headers).get('Authorization')} ${new URL(String(url)).origin}`);
    if (failing) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ success: true, message: 'ok', data: HOSTED_GMAIL_INFO }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return {
    fetch,
    sent,
    answer() {
      failing = false;
    },
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await settingsItem.setValue({ ...(await settingsItem.getValue()), baseUrl: 'https://mine.example' });
  await apiKeyItem.setValue('wl_own_key');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('API calls with the key in force', () => {
  it('a call under a remembered key the policy read drops never sends that key again once the read lands', async () => {
    await policySeenItem.setValue(ORG);
    let land: (policy: object) => void = () => {};
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(
      () =>
        new Promise((resolve) => {
          land = resolve as (policy: object) => void;
        }) as never,
    );
    const policy = new PolicyInForce(browserPolicySources());
    const api = service();
    const callApi = await apiInForce(() => loadLookupTarget(policy), { fetch: api.fetch })();
    // The service cannot be reached: the client retries, backing off, with the remembered key.
    const outcome = callApi?.({ email: 'gmail.com' });
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    // The read lands while the call backs off: the policy sets no key any more, the service now answers.
    land({});
    api.answer();
    expect((await outcome)?.kind).toBe('found');
    expect(api.sent[0]).toBe(`Bearer ${ORG.apiKey} ${ORG.baseUrl}`);
    expect(api.sent.slice(1)).toEqual(['Bearer wl_own_key https://mine.example']);
  });

  it('without a key in force, no call is made: the catalog answers', async () => {
    await apiKeyItem.setValue('');
    await policySeenItem.setValue({});
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockReturnValue(new Promise(() => {}) as never);
    const policy = new PolicyInForce(browserPolicySources());
    expect(await apiInForce(() => loadLookupTarget(policy))()).toBeNull();
  });

  it('keeps the balance each answer states for the key and address it was sent with', async () => {
    await policySeenItem.setValue({});
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockResolvedValue({} as never);
    const fetch = vi.fn(async () =>
      Response.json(
        { success: true, message: 'ok', data: HOSTED_GMAIL_INFO },
        { headers: { 'Webmail-Credits-Remaining': '41' } },
      ),
    ) as typeof globalThis.fetch;
    const policy = new PolicyInForce(browserPolicySources());
    const balances = new Balances();
    const callApi = await apiInForce(() => loadLookupTarget(policy), { fetch }, balances)();
    await callApi?.({ email: 'gmail.com' });
    const own = { apiKey: 'wl_own_key', baseUrl: 'https://mine.example' };
    expect(await balances.of(own)).toMatchObject({ credits: 41 });
    expect(await balances.of({ ...own, apiKey: ORG.apiKey })).toBeNull();
  });
});
