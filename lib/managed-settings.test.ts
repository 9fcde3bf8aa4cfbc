import { describe, expect, it } from 'vitest';
import { applyManaged, managedFields, managedValues, parseManagedSettings } from './managed-settings.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe('managed settings', () => {
  it('reads each field on its own: a bad value is ignored, the good ones kept', () => {
    const managed = parseManagedSettings({
      apiKey: ' wl_org_key ',
      baseUrl: 'javascript:alert(1)',
      searchQueryTemplate: 'from:{address}',
      disabledSites: ['Intranet.Example'],
      gmailIntegration: 'yes',
      unknown: 1,
    });
    expect(managed).toEqual({
      apiKey: 'wl_org_key',
      baseUrl: undefined,
      searchQueryTemplate: 'from:{address}',
      disabledSites: ['intranet.example'],
      gmailIntegration: undefined,
    });
    expect(managedFields(managed)).toEqual(['apiKey', 'searchQueryTemplate', 'disabledSites']);
  });

  it('no policy (Chromium answers {}, a failed read gives nothing) manages nothing', () => {
    expect(managedFields(parseManagedSettings({}))).toEqual([]);
    expect(managedFields(parseManagedSettings(undefined))).toEqual([]);
  });

  it('the organisation’s values win over the person’s, and the key is never among the values', () => {
    const managed = parseManagedSettings({
      apiKey: 'wl_org_key',
      baseUrl: 'https://lookup.corp.example/',
      gmailIntegration: false,
    });
    expect(managedValues(managed)).toEqual({
      baseUrl: 'https://lookup.corp.example',
      gmailIntegration: false,
    });
    const inForce = applyManaged({ ...DEFAULT_SETTINGS, hoverDelayMs: 100 }, managed);
    expect(inForce).toEqual({
      ...DEFAULT_SETTINGS,
      hoverDelayMs: 100,
      baseUrl: 'https://lookup.corp.example',
      gmailIntegration: false,
    });
    expect(JSON.stringify(inForce)).not.toContain('wl_org_key');
  });
});
