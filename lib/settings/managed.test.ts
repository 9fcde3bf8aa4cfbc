import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICES } from '#extension/locales.ts';
import { DEFAULT_API_BASE_URL, DEFAULT_SETTINGS, managedSettingsSchema } from '#extension/settings.ts';
import {
  lookupTarget,
  managedFields,
  managedValues,
  ownSettingsToSave,
  parseManagedSettings,
  settingsInForce,
} from './managed.ts';

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
      // The bad address is ignored, and the organisation's key brings the built-in one instead.
      baseUrl: DEFAULT_API_BASE_URL,
      searchQueryTemplate: 'from:{address}',
      disabledSites: ['intranet.example'],
      gmailIntegration: undefined,
    });
    expect(managedFields(managed)).toEqual(['apiKey', 'baseUrl', 'searchQueryTemplate', 'disabledSites']);
  });

  it('takes a language the extension ships, and ignores one it does not', () => {
    expect(parseManagedSettings({ language: 'ja' })).toEqual({ language: 'ja' });
    expect(parseManagedSettings({ language: 'pt-PT', gmailIntegration: false })).toEqual({
      language: undefined,
      gmailIntegration: false,
    });
  });

  it('describes to the browser every field it reads, and every language it takes', () => {
    // Chromium reads policy through public/managed_schema.json: a field it lacks never reaches storage.managed.
    const managedSchema = JSON.parse(
      readFileSync(new URL('../../public/managed_schema.json', import.meta.url), 'utf8'),
    );
    expect(Object.keys(managedSchema.properties).sort()).toEqual(
      Object.keys(managedSettingsSchema.shape).sort(),
    );
    expect(managedSchema.properties.language.enum).toEqual([...LANGUAGE_CHOICES]);
  });

  it('sends the organisation’s key only to its own service address, else the built-in one, never the person’s', () => {
    const own = { apiKey: 'wl_own_key', baseUrl: 'https://typed-by-the-person.example' };
    expect(lookupTarget(own, parseManagedSettings({ apiKey: 'wl_org_key' }))).toEqual({
      apiKey: 'wl_org_key',
      baseUrl: DEFAULT_API_BASE_URL,
    });
    expect(
      lookupTarget(
        own,
        parseManagedSettings({ apiKey: 'wl_org_key', baseUrl: 'https://lookup.corp.example' }),
      ),
    ).toEqual({ apiKey: 'wl_org_key', baseUrl: 'https://lookup.corp.example' });
    // An address the organisation set in clear text to another computer is ignored, not used with its key.
    expect(
      lookupTarget(
        own,
        parseManagedSettings({ apiKey: 'wl_org_key', baseUrl: 'http://lookup.corp.example' }),
      ),
    ).toEqual({ apiKey: 'wl_org_key', baseUrl: DEFAULT_API_BASE_URL });
    // The person's own key goes where the organisation points, or where the person does.
    expect(lookupTarget(own, parseManagedSettings({ baseUrl: 'https://lookup.corp.example' }))).toEqual({
      apiKey: 'wl_own_key',
      baseUrl: 'https://lookup.corp.example',
    });
    expect(lookupTarget(own, parseManagedSettings({}))).toEqual(own);
  });

  it('locks the service address in the settings in force wherever the organisation’s key is', () => {
    const inForce = settingsInForce(
      { ...DEFAULT_SETTINGS, baseUrl: 'https://typed-by-the-person.example' },
      managedValues(parseManagedSettings({ apiKey: 'wl_org_key' })),
    );
    expect(inForce.baseUrl).toBe(DEFAULT_API_BASE_URL);
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
    const inForce = settingsInForce({ ...DEFAULT_SETTINGS, hoverDelayMs: 100 }, managedValues(managed));
    expect(inForce).toEqual({
      ...DEFAULT_SETTINGS,
      hoverDelayMs: 100,
      baseUrl: 'https://lookup.corp.example',
      gmailIntegration: false,
    });
    expect(JSON.stringify(inForce)).not.toContain('wl_org_key');
  });

  it('IT can switch Outlook integration off, as it can Gmail’s; a value that is not a yes or no is ignored', () => {
    const managed = parseManagedSettings({ outlookIntegration: false });
    expect(managedFields(managed)).toEqual(['outlookIntegration']);
    expect(settingsInForce(DEFAULT_SETTINGS, managedValues(managed)).outlookIntegration).toBe(false);
    expect(DEFAULT_SETTINGS.outlookIntegration).toBe(true);
    expect(managedFields(parseManagedSettings({ outlookIntegration: 'off' }))).toEqual([]);
  });
});

describe('what the options page saves', () => {
  it("keeps the person's own value under each field the organisation set, and their edits elsewhere", () => {
    const ownBefore = { ...DEFAULT_SETTINGS, searchQueryTemplate: 'mine {address}', hoverDelayMs: 300 };
    const edited = { ...ownBefore, searchQueryTemplate: 'from:{address}', hoverDelayMs: 900 };
    expect(ownSettingsToSave(edited, ownBefore, ['apiKey', 'searchQueryTemplate'])).toEqual({
      ...edited,
      searchQueryTemplate: 'mine {address}',
    });
    expect(ownSettingsToSave(edited, ownBefore, [])).toEqual(edited);
  });
});
