import { describe, expect, it, vi } from 'vitest';
import { classify } from '#core/catalog/classify.ts';
import { writeDomainList } from '#core/catalog/domain-list-file.ts';
import { disposableDomainSet } from '#core/catalog/domain-lists.ts';
import { createOfflineCatalog } from './offline-catalog.ts';

const builtList = () => writeDomainList(disposableDomainSet);

describe('the offline catalog', () => {
  it('reads the disposable list on its first lookup only', async () => {
    const read = vi.fn(async () => builtList());
    const catalog = createOfflineCatalog(read);
    expect(read).not.toHaveBeenCalled();
    expect(await catalog('mailinator.com')).toEqual(classify('mailinator.com'));
    expect(await catalog('gmail.com')).toEqual(classify('gmail.com'));
    expect(await catalog('x7k2.mailinator.com')).toMatchObject({ is_disposable: true });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('reads the list once for lookups asked at the same moment', async () => {
    const read = vi.fn(async () => builtList());
    const catalog = createOfflineCatalog(read);
    await Promise.all(['mailinator.com', 'yopmail.com', 'proton.me'].map(catalog));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('tries the list again on the next lookup after a read failed', async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error('not there'))
      .mockImplementation(async () => builtList());
    const catalog = createOfflineCatalog(read);
    await expect(catalog('mailinator.com')).rejects.toThrow('not there');
    expect(await catalog('mailinator.com')).toMatchObject({ is_disposable: true });
    expect(read).toHaveBeenCalledTimes(2);
  });
});
