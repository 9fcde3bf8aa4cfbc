import { describe, expect, it } from 'vitest';
import {
  loadTopLevelDomains,
  packedTopLevelDomains,
  takeTopLevelDomains,
} from './top-level-domains-module.ts';

describe('the top-level domains module', () => {
  it('is read only once loaded, and loaded once', async () => {
    expect(() => packedTopLevelDomains()).toThrow(/before they were loaded/);
    await loadTopLevelDomains(`data:text/javascript,${encodeURIComponent('export default "AcomAnet";')}`);
    expect(packedTopLevelDomains()).toBe('AcomAnet');
    await loadTopLevelDomains('data:text/javascript,export default "Aorg";');
    expect(packedTopLevelDomains()).toBe('AcomAnet');
    // The card's module takes the content script's list; it never replaces one already there.
    takeTopLevelDomains('Anet');
    expect(packedTopLevelDomains()).toBe('AcomAnet');
  });
});
