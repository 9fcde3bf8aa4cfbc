import { describe, expect, it } from 'vitest';
import { baseUrlProblem, DEFAULT_SETTINGS, isSiteDisabled, parseSettings } from './settings.ts';

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

  it('takes http:// only for a service on this computer: the key would cross the network in clear text', () => {
    for (const local of [
      'http://127.0.0.1:8787',
      'http://127.1.2.3',
      'http://127.1',
      'http://localhost:8787/',
      'http://[::1]:8787',
      'https://lookup.example.com',
    ])
      expect(baseUrlProblem(local), local).toBeNull();
    for (const remote of [
      'http://lookup.example.com',
      'http://10.0.0.5:8787',
      'http://128.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.example.com',
      'http://[::2]',
    ])
      expect(baseUrlProblem(remote), remote).toBe('insecure');
    for (const invalid of [
      'javascript:alert(1)',
      'ftp://x.example',
      'https://u@x.example',
      'x',
      'https://x.example/?a',
    ])
      expect(baseUrlProblem(invalid), invalid).toBe('invalid');
    expect(parseSettings({ baseUrl: 'http://lookup.example.com' }).baseUrl).toBe(DEFAULT_SETTINGS.baseUrl);
  });

  it('switches off a listed site and its subdomains only', () => {
    const settings = parseSettings({ disabledSites: ['Example.com'] });
    expect(isSiteDisabled(settings, 'example.com')).toBe(true);
    expect(isSiteDisabled(settings, 'mail.example.com')).toBe(true);
    expect(isSiteDisabled(settings, 'notexample.com')).toBe(false);
  });
});
