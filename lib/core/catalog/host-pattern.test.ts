import { describe, expect, it } from 'vitest';
import { compileHostPattern, normalizeHost } from './host-pattern.ts';

describe('compileHostPattern', () => {
  it('anchors patterns so look-alike hosts do not match', () => {
    const zoho = compileHostPattern('mx*.zoho.com');
    expect(zoho('mx2.zoho.com')).toBe(true);
    expect(zoho('mx.zoho.com.evil.example')).toBe(false);
    expect(zoho('evilmx.zoho.com')).toBe(false);
    const m365 = compileHostPattern('*.mail.protection.outlook.com');
    expect(m365('a-b.mail.protection.outlook.com')).toBe(true);
    expect(m365('mail.protection.outlook.com')).toBe(false);
    expect(m365('x.mail.protection.outlook.com.evil.example')).toBe(false);
  });

  it('matches a pattern without a wildcard as written, and no host that merely resembles it', () => {
    const google = compileHostPattern('smtp.google.com');
    expect(google('smtp.google.com')).toBe(true);
    expect(google('smtp2.google.com')).toBe(false);
    expect(google('smtp.google.co')).toBe(false);
  });

  it('lets a wildcard inside a label stand for host characters only, within the label', () => {
    const zoho = compileHostPattern('mx*.zoho.com');
    expect(zoho('mx.zoho.com')).toBe(true);
    expect(zoho('mx-eu-2.zoho.com')).toBe(true);
    expect(zoho('mx.evil.zoho.com')).toBe(false);
  });
});

describe('normalizeHost', () => {
  it('reads a host as DNS gives it: any case, a trailing dot, stray spaces', () => {
    expect(normalizeHost(' ASPMX.L.Google.COM. ')).toBe('aspmx.l.google.com');
    expect(normalizeHost('mx.example')).toBe('mx.example');
  });
});
