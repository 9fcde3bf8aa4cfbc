import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_REMEMBERED_POLICY_BYTES } from '#extension/limits.ts';
import { DEFAULT_API_BASE_URL, type ManagedSettings } from '#extension/settings.ts';
import { apiKeyItem, policySeenItem, settingsItem } from '#extension/stored.ts';
import { browserPolicySources, PolicyInForce } from './policy.ts';
import { loadLookupTarget, loadSettings } from './storage.ts';

/** storage.managed as Chromium's policy service gives it: only when the test says it is up. */
function slowPolicyService() {
  let land: (policy: object) => void = () => {};
  const get = vi.spyOn(fakeBrowser.storage.managed, 'get').mockImplementation(
    () =>
      new Promise((resolve) => {
        land = resolve as (policy: object) => void;
      }) as never,
  );
  return {
    get,
    /** The policy service is up: the read in flight answers with `policy`, and what follows is done. */
    land: async (policy: object) => {
      land(policy);
      await tasksDone();
    },
  };
}

/** Every task queued by now has run (the fake browser's storage answers within a task or two). */
const tasksDone = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Whether a promise has settled after every pending task has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await tasksDone();
  return done;
}

const ORG = { apiKey: 'wl_org_key', baseUrl: 'https://lookup.corp.example' };

beforeEach(async () => {
  fakeBrowser.reset();
  await settingsItem.setValue({ ...(await settingsItem.getValue()), baseUrl: 'https://mine.example' });
  await apiKeyItem.setValue('wl_own_key');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the policy in force, before the browser’s policy service answers', () => {
  it('on a first run (no policy ever recorded), the first lookup waits for the read and uses the policy’s key', async () => {
    const service = slowPolicyService();
    const policy = new PolicyInForce(browserPolicySources());
    const target = loadLookupTarget(policy);
    expect(await settled(target)).toBe(false);
    await service.land(ORG);
    expect(await target).toMatchObject(ORG);
    expect(await policySeenItem.getValue()).toMatchObject(ORG);
  });

  it('a first run whose policy service does not answer goes on without a policy, and takes it when it comes', async () => {
    const service = slowPolicyService();
    const policy = new PolicyInForce(browserPolicySources(), { firstReadWaitMs: 50 });
    const before = await loadLookupTarget(policy);
    expect(before).toMatchObject({ apiKey: 'wl_own_key', baseUrl: 'https://mine.example' });
    // Nothing is recorded: the next start waits for the read again.
    expect(await policySeenItem.getValue()).toBeNull();
    await service.land(ORG);
    expect(before.superseded.aborted).toBe(true);
    expect(await loadLookupTarget(policy)).toMatchObject(ORG);
  });

  it('a policy recorded at an earlier start is in force at once, the person’s key unused', async () => {
    slowPolicyService();
    await policySeenItem.setValue(ORG);
    const policy = new PolicyInForce(browserPolicySources());
    expect(await loadLookupTarget(policy)).toMatchObject(ORG);
    expect((await loadSettings(policy)).baseUrl).toBe(ORG.baseUrl);
  });

  it('“none seen” is recorded after a read, so later starts wait for nothing and use the person’s key', async () => {
    const first = slowPolicyService();
    const firstRun = new PolicyInForce(browserPolicySources());
    void firstRun.read();
    await first.land({});
    expect(await policySeenItem.getValue()).toEqual({});

    vi.restoreAllMocks();
    slowPolicyService();
    const nextStart = new PolicyInForce(browserPolicySources());
    expect(await loadLookupTarget(nextStart)).toMatchObject({
      apiKey: 'wl_own_key',
      baseUrl: 'https://mine.example',
    });
  });

  it('a policy that drops the key it set ends that key’s use the moment its read lands', async () => {
    const service = slowPolicyService();
    await policySeenItem.setValue(ORG);
    const policy = new PolicyInForce(browserPolicySources());
    const before = await loadLookupTarget(policy);
    expect(before.apiKey).toBe(ORG.apiKey);
    expect(before.superseded.aborted).toBe(false);

    await service.land({ searchQueryTemplate: 'from:{address}' });
    // Calls made with the organisation's key stop (no retry carries it), and every lookup from here on goes
    // with the person's key to the person's address.
    expect(before.superseded.aborted).toBe(true);
    const after = await loadLookupTarget(policy);
    expect(after).toMatchObject({ apiKey: 'wl_own_key', baseUrl: 'https://mine.example' });
    expect(after.superseded.aborted).toBe(false);
    expect(await policySeenItem.getValue()).toEqual({ searchQueryTemplate: 'from:{address}' });
  });

  it('a policy set while the browser was closed, over a record of none, is in force from the moment it is read', async () => {
    const service = slowPolicyService();
    await policySeenItem.setValue({});
    const policy = new PolicyInForce(browserPolicySources());
    // Until then the person's own key goes to the person's own address, as the day before (policy.ts says why).
    const before = await loadLookupTarget(policy);
    expect(before).toMatchObject({ apiKey: 'wl_own_key', baseUrl: 'https://mine.example' });
    await service.land(ORG);
    expect(before.superseded.aborted).toBe(true);
    expect(await loadLookupTarget(policy)).toMatchObject(ORG);
  });

  it('a read that changes nothing about where lookups go supersedes no call, and rewrites no record', async () => {
    const service = slowPolicyService();
    await policySeenItem.setValue(ORG);
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const policy = new PolicyInForce(browserPolicySources());
    const before = await loadLookupTarget(policy);
    await service.land({ ...ORG, unknownField: 1 });
    expect(before.superseded.aborted).toBe(false);
    expect(set).not.toHaveBeenCalled();
  });

  it('a change the browser reports while it runs is in force at once, and recorded', async () => {
    const service = slowPolicyService();
    const policy = new PolicyInForce(browserPolicySources());
    void policy.read();
    await service.land(ORG);
    const before = await loadLookupTarget(policy);
    policy.applyChange({ apiKey: { newValue: 'wl_new_org_key' } });
    expect(before.superseded.aborted).toBe(true);
    expect(await loadLookupTarget(policy)).toMatchObject({ apiKey: 'wl_new_org_key', baseUrl: ORG.baseUrl });
    policy.applyChange({ apiKey: {}, baseUrl: {} });
    expect(await loadLookupTarget(policy)).toMatchObject({ apiKey: 'wl_own_key' });
    await vi.waitFor(async () => expect(await policySeenItem.getValue()).toEqual({}));
  });

  it('a key set without an address goes to the built-in service, from the record as from the read', async () => {
    slowPolicyService();
    await policySeenItem.setValue({ apiKey: 'wl_org_key' });
    const policy = new PolicyInForce(browserPolicySources());
    expect(await loadLookupTarget(policy)).toMatchObject({
      apiKey: 'wl_org_key',
      baseUrl: DEFAULT_API_BASE_URL,
    });
  });

  it('Firefox without a managed storage manifest (the read throws) records none', async () => {
    vi.spyOn(fakeBrowser.storage.managed, 'get').mockRejectedValue(
      new Error('Managed storage manifest not found'),
    );
    const policy = new PolicyInForce(browserPolicySources());
    expect(await loadLookupTarget(policy)).toMatchObject({ apiKey: 'wl_own_key' });
    await vi.waitFor(async () => expect(await policySeenItem.getValue()).toEqual({}));
  });
});

describe('the record of the policy last seen', () => {
  it('keeps a policy within MAX_REMEMBERED_POLICY_BYTES, and forgets one past it, so the next start waits', async () => {
    const record = vi.fn(async (_policy: ManagedSettings | null) => {});
    const sources = (stored: object) => ({ read: async () => stored, recall: async () => ORG, record });
    const sites = (length: number) => ({
      disabledSites: Array.from({ length: 500 }, () => 'a'.repeat(length)),
    });
    // 500 sites of 253 characters, the settings' own worst case, are kept.
    await new PolicyInForce(sources(sites(253))).read();
    await vi.waitFor(() => expect(record).toHaveBeenLastCalledWith(expect.objectContaining(sites(253))));
    await new PolicyInForce(sources(sites(1 + MAX_REMEMBERED_POLICY_BYTES / 500))).read();
    await vi.waitFor(() => expect(record).toHaveBeenLastCalledWith(null));
  });

  it('a record storage refuses is forgotten, not left to say an older policy', async () => {
    const record = vi.fn(async (policy: ManagedSettings | null) => {
      if (policy) throw new Error('QUOTA_BYTES quota exceeded');
    });
    await new PolicyInForce({ read: async () => ({}), recall: async () => ORG, record }).read();
    await vi.waitFor(() => expect(record).toHaveBeenLastCalledWith(null));
  });

  it('a damaged record counts as none recorded: the start waits for the read', async () => {
    const service = slowPolicyService();
    await fakeBrowser.storage.local.set({ policySeen: 'not a policy' });
    const policy = new PolicyInForce(browserPolicySources());
    const target = loadLookupTarget(policy);
    expect(await settled(target)).toBe(false);
    await service.land(ORG);
    expect(await target).toMatchObject(ORG);
  });
});
