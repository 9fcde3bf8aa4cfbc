import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, isSiteDisabled, parseSettings } from './settings.ts';

describe('settings', () => {
  it('falls back field by field, keeping the valid ones', () => {
    const settings = parseSettings({
      baseUrl: 'javascript:alert(1)',
      hoverDelayMs: 500,
      disabledSites: 'nope',
    });
    expect(settings.baseUrl).toBe(DEFAULT_SETTINGS.baseUrl);
    expect(settings.hoverDelayMs).toBe(500);
    expect(settings.disabledSites).toEqual([]);
  });

  it('reads garbage as the defaults', () => {
    expect(parseSettings('garbage')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('stores a base URL without its trailing slash', () => {
    expect(parseSettings({ baseUrl: 'http://127.0.0.1:8787/' }).baseUrl).toBe('http://127.0.0.1:8787');
  });

  it('switches off a listed site and its subdomains only', () => {
    const settings = parseSettings({ disabledSites: ['Example.com'] });
    expect(isSiteDisabled(settings, 'example.com')).toBe(true);
    expect(isSiteDisabled(settings, 'mail.example.com')).toBe(true);
    expect(isSiteDisabled(settings, 'notexample.com')).toBe(false);
  });
});
