import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { keyInArea, StoredFamily, StoredItem } from './stored-item.ts';
import { itemBytes } from './stored-size.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const scores = new StoredFamily('session', 'score', z.number());
const total = new StoredItem('local:total', z.number(), 0);

describe('a stored family', () => {
  it('keeps each member under `<prefix>:<id>`, and reads one without the others', async () => {
    await scores.set(1, 10);
    await scores.set('two', 20);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({ 'score:1': 10, 'score:two': 20 });
    const reads = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await scores.get(1)).toBe(10);
    expect(reads.mock.calls).toEqual([['score:1']]);
    await scores.remove(1);
    expect(await scores.get(1)).toBeNull();
    expect(await scores.get('two')).toBe(20);
  });

  it('reads many members in one read, leaving out the absent and those of another shape', async () => {
    await fakeBrowser.storage.session.set({ 'score:a': 1, 'score:b': 'two', 'score:c': 3 });
    const reads = vi.spyOn(fakeBrowser.storage.session, 'get');
    expect(await scores.getMany(['a', 'b', 'c', 'd'])).toEqual(
      new Map([
        ['a', 1],
        ['c', 3],
      ]),
    );
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('names its members as the browser and as WXT do, and measures them as Chromium counts them', () => {
    expect(scores.key(4)).toBe('score:4');
    expect(scores.itemKey(4)).toBe('session:score:4');
    expect(keyInArea(scores.itemKey(4))).toBe('score:4');
    expect(scores.bytes(4, 1234)).toBe(itemBytes('score:4', 1234));
  });

  it('writes members and an item together in one write', async () => {
    const writes = vi.spyOn(fakeBrowser.storage.session, 'set');
    await storage.setItems([scores.entry(1, 5), scores.entry(2, 6)]);
    expect(writes.mock.calls).toEqual([[{ 'score:1': 5, 'score:2': 6 }]]);
  });
});

describe('a stored item', () => {
  it('reads its fallback when absent or of another shape, and its value otherwise', async () => {
    expect(await total.getValue()).toBe(0);
    await fakeBrowser.storage.local.set({ total: 'many' });
    expect(await total.getValue()).toBe(0);
    await total.setValue(7);
    expect(await fakeBrowser.storage.local.get('total')).toEqual({ total: 7 });
    expect(await total.getValue()).toBe(7);
    await storage.setItems([total.entry(8)]);
    expect(await total.getValue()).toBe(8);
    await total.removeValue();
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});
