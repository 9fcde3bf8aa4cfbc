import { describe, expect, it } from 'vitest';
import { classify } from './catalog/index.ts';
import { canonicalMailbox, extractEmails, isRoleAddress, suggestCorrection } from './email/index.ts';

/** The exports docs/architecture.md promises, at the paths it names, as code outside the rooms reaches them. */
describe('the documented entry points of the core', () => {
  it('lib/email: extractEmails gives addresses with the domain lower-cased and offsets into the text', () => {
    const text = 'Write to Jane.Doe@Example.COM, or to ops@acme.io.';
    const found = extractEmails(text);
    expect(found.map(({ address }) => address)).toEqual(['Jane.Doe@example.com', 'ops@acme.io']);
    for (const { start, end, address } of found)
      expect(text.slice(start, end).toLowerCase()).toBe(address.toLowerCase());
  });

  it('lib/email: isRoleAddress tells a shared inbox from a person', () => {
    expect(isRoleAddress('kontakt@acme.de')).toBe(true);
    expect(isRoleAddress('steve.jobs@acme.com')).toBe(false);
  });

  it('lib/email: canonicalMailbox gives one spelling per mailbox and keeps custom domains as written', () => {
    expect(canonicalMailbox('Jane.Doe+news@googlemail.com')).toBe(canonicalMailbox('janedoe@gmail.com'));
    expect(canonicalMailbox('Jane.Doe+news@Acme.COM')).toBe('Jane.Doe+news@acme.com');
  });

  it('lib/email: suggestCorrection gives the address a likely typo meant, or null', () => {
    expect(suggestCorrection('Jane@GMIAL.COM')).toBe('Jane@gmail.com');
    expect(suggestCorrection('jane@gmail.com')).toBeNull();
    expect(suggestCorrection('jane@mail.de')).toBeNull();
  });

  it('lib/catalog: classify takes a domain, its MX hosts and its TXT records', () => {
    expect(classify('gmail.com')?.nice_name).toBe('Gmail');
    expect(classify('acme-unknown.example')).toBeNull();
    const behindGateway = classify(
      'acme-unknown.example',
      ['mx1.acme-unknown.example.pphosted.com'],
      ['v=spf1 include:spf.protection.outlook.com -all'],
    );
    expect(behindGateway).toMatchObject({ gateway: 'Proofpoint', provider_source: 'spf' });
  });
});
