import { describe, expect, it } from 'vitest';
import { loadTopLevelDomains, packedTopLevelDomains } from './top-level-domains-module.ts';

describe('the top-level domains module', () => {
  it('is read only once loaded, and loaded once', async () => {
    expect(() => packedTopLevelDomains()).toThrow(/before they were loaded/);
    await loadTopLevelDomains(`data:text/javascript,${encodeURIComponent('export default "AcomAnet";')}`);
    expect(packedTopLevelDomains()).toBe('AcomAnet');
    await loadTopLevelDomains('data:text/javascript,export default "Aorg";');
    expect(packedTopLevelDomains()).toBe('AcomAnet');
  });
});
