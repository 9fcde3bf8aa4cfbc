import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toAsciiDomain } from '#core/email/domain.ts';
import { HOSTED_GMAIL_INFO } from '#test/fixtures/hosted-examples.ts';
import { classify } from './classify.ts';
import { gateways } from './gateways.ts';
import { businessProviders, consumerProviders, relays } from './providers.ts';
import { SOURCES, type SourceKey } from './sources.ts';

describe('classify: consumer domains', () => {
  it('gives gmail.com the hosted service’s exact answer', () => {
    expect(classify('gmail.com')).toEqual(HOSTED_GMAIL_INFO);
  });

  it.each([
    ['googlemail.com', 'Gmail'],
    ['hotmail.co.uk', 'Outlook.com'],
    ['live.com.mx', 'Outlook.com'],
    ['msn.com', 'Outlook.com'],
    ['yahoo.co.uk', 'Yahoo Mail'],
    ['ymail.com', 'Yahoo Mail'],
    ['aol.com', 'AOL Mail'],
    ['me.com', 'iCloud Mail'],
    ['pm.me', 'Proton Mail'],
    ['fastmail.com', 'Fastmail'],
    ['zohomail.eu', 'Zoho Mail'],
    ['yandex.ru', 'Yandex Mail'],
    ['bk.ru', 'Mail.ru'],
    ['gmx.de', 'GMX'],
    ['web.de', 'WEB.DE'],
    ['qq.com', 'QQ Mail'],
    ['163.com', 'NetEase 163 Mail'],
    ['126.com', 'NetEase 126 Mail'],
    ['naver.com', 'Naver Mail'],
    ['tutanota.com', 'Tuta Mail'],
    ['mailbox.org', 'mailbox.org'],
    ['posteo.de', 'Posteo'],
  ])('%s is %s, free mail', (domain, niceName) => {
    expect(classify(domain)).toMatchObject({
      nice_name: niceName,
      is_freemail: true,
      is_privacy_service: false,
    });
  });

  it('normalises case, a trailing dot and whitespace', () => {
    expect(classify(' GMAIL.COM. ')?.nice_name).toBe('Gmail');
  });

  it('keeps a known provider even when MX hosts point elsewhere', () => {
    expect(classify('gmail.com', ['mx.self-hosted.example'])?.name).toBe('Google (Public)');
  });

  it('keeps a known provider that a disposable list also names (keemail.me is Tuta)', () => {
    expect(classify('keemail.me')).toMatchObject({ nice_name: 'Tuta Mail', is_disposable: false });
  });
});

describe('classify: business mail by MX', () => {
  it.each([
    [['aspmx.l.google.com'], 'Google Workspace'],
    [['ALT1.ASPMX.L.GOOGLE.COM.'], 'Google Workspace'],
    [['smtp.google.com'], 'Google Workspace'],
    [['acme-com.mail.protection.outlook.com'], 'Microsoft 365'],
    [['acme-com.o-v1.mx.microsoft'], 'Microsoft 365'],
    [['mx.zoho.com', 'mx2.zoho.com'], 'Zoho Mail'],
    [['in1-smtp.messagingengine.com'], 'Fastmail'],
    [['mail.protonmail.ch'], 'Proton Mail'],
    [['mx.yandex.net'], 'Yandex 360'],
    [['mx01.mail.icloud.com'], 'iCloud Mail'],
    [['inbound-smtp.eu-west-1.awsapps.com'], 'Amazon WorkMail'],
    [['mx1.emailsrvr.com'], 'Rackspace Email'],
    [['smtp.secureserver.net'], 'GoDaddy Email'],
    [['mx00.ionos.de'], 'IONOS Mail'],
    [['mx1.mail.ovh.net'], 'OVHcloud Mail'],
    [['emx.mail.ru'], 'VK WorkSpace Mail'],
    [['mxn.mxhichina.com', 'mxw.mxhichina.com'], 'Alibaba Mail'],
    [['mx1.larksuite.com'], 'Lark Mail'],
    [['0123456789abcdef.mx1.emailprofi.seznam.cz'], 'Seznam Email Profi'],
    [['mx.ym.163.com'], 'NetEase Enterprise Mail'],
    [['smtpin.rzone.de'], 'STRATO Webmail'],
    [['mx1.pub.mailpod8-cph3.one.com'], 'one.com Webmail'],
    [['mx.acme-example.cust.hostedemail.com'], 'OpenSRS Hosted Email'],
  ])('%j is %s, not free mail', (mx, niceName) => {
    expect(classify('acme.example', mx)).toMatchObject({ nice_name: niceName, is_freemail: false });
  });

  it('calls the company offer a different provider from the consumer one', () => {
    expect(classify('acme.example', ['aspmx.l.google.com'])?.name).not.toBe(classify('gmail.com')?.name);
    expect(classify('acme.example', ['mx.zoho.com'])?.name).not.toBe(classify('zoho.com')?.name);
  });

  it('uses the most preferred recognised host', () => {
    expect(
      classify('acme.example', ['mx.unknown.example', 'aspmx.l.google.com', 'mx1.emailsrvr.com'])?.nice_name,
    ).toBe('Google Workspace');
  });

  it('passes over a security gateway to the mailbox behind it, and is unknown when there is none', () => {
    expect(
      classify('acme.example', ['mxa-001.pphosted.com', 'acme-com.mail.protection.outlook.com'])?.nice_name,
    ).toBe('Microsoft 365');
    expect(classify('acme.example', ['eu-smtp-inbound-1.mimecast.com'])).toBeNull();
  });

  it('answers nothing for what is not a domain, whatever its MX hosts', () => {
    expect(classify('not a domain', ['aspmx.l.google.com'])).toBeNull();
    expect(classify('', ['aspmx.l.google.com'])).toBeNull();
  });

  it('is null for unknown MX hosts, and without MX for an unknown domain', () => {
    expect(classify('acme.example', ['mx.acme.example'])).toBeNull();
    // Amazon SES's receiving endpoint: WorkMail uses it, and so does every SES receipt rule without a mailbox.
    expect(classify('acme.example', ['inbound-smtp.eu-west-1.amazonaws.com'])).toBeNull();
    expect(classify('acme.example')).toBeNull();
  });

  it('flags a hosted domain that is on the free-mail list', () => {
    expect(classify('123mail.org', ['mx.123mail.org'])).toBeNull();
    expect(classify('123mail.org', ['aspmx.l.google.com'])).toMatchObject({
      nice_name: 'Google Workspace',
      is_freemail: true,
    });
  });
});

describe('classify: relays and disposable domains', () => {
  it.each([
    'duck.com',
    'privaterelay.appleid.com',
    'mozmail.com',
    'jane.mozmail.com',
    'aleeas.com',
    'bob.anonaddy.com',
    'passinbox.com',
  ])('%s is a privacy service with no links', (domain) => {
    expect(classify(domain)).toMatchObject({
      name: 'Privacy Service',
      webmail_url: null,
      webmail_search_url: null,
      is_privacy_service: true,
      is_disposable: false,
      is_freemail: false,
    });
  });

  it('flags a disposable domain and its random subdomains, with no links', () => {
    expect(classify('mailinator.com')).toEqual({
      name: 'Disposable Email',
      nice_name: 'Disposable email',
      webmail_url: null,
      webmail_search_url: null,
      is_disposable: true,
      is_freemail: false,
      is_privacy_service: false,
    });
    expect(classify('x7k2.mailinator.com')?.is_disposable).toBe(true);
  });

  it('does not call relays disposable even if MX hosts are unknown', () => {
    expect(classify('duck.com', ['inbound-smtp.duck.com'])?.is_disposable).toBe(false);
  });
});

describe('the catalog data', () => {
  const all = [...consumerProviders, ...businessProviders];
  const httpsUrl = z.url({ protocol: /^https$/ });
  const domain = z.string().refine((value) => toAsciiDomain(value) === value, 'a lower-case ASCII domain');
  const hostPatterns = z.array(z.string().regex(/^(\*\.)?[a-z0-9_*-]+(\.[a-z0-9*-]+)+$/)).min(1);
  const sourceKeys = z.array(z.enum(Object.keys(SOURCES) as [SourceKey, ...SourceKey[]])).min(1);
  const gatewaySchema = z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    mx: hostPatterns,
    sources: sourceKeys,
  });
  const providerSchema = z.strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    name: z.string().min(1),
    niceName: z.string().min(1),
    domains: z.array(domain).min(1).optional(),
    mx: hostPatterns.optional(),
    spf: hostPatterns.optional(),
    webHost: z.literal(true).optional(),
    webmailUrl: httpsUrl,
    searchUrl: httpsUrl.refine((url) => url.split('%q').length === 2, 'exactly one %q').nullable(),
    searchSource: z.string().min(1).optional(),
    searchQueryEncoding: z.literal('twice').optional(),
    freemail: z.boolean(),
    sources: sourceKeys,
  });

  it('follows its schema: lower-case ASCII domains, anchored MX patterns, https links', () => {
    for (const provider of all) {
      const parsed = providerSchema.safeParse(provider);
      expect(parsed.error?.issues ?? [], provider.id).toEqual([]);
      expect(provider.domains ?? provider.mx, provider.id).toBeDefined();
    }
    for (const relay of relays)
      for (const relayDomain of relay.domains) expect(toAsciiDomain(relayDomain)).toBe(relayDomain);
    for (const gateway of gateways) {
      expect(gatewaySchema.safeParse(gateway).error?.issues ?? [], gateway.id).toEqual([]);
    }
  });

  it('has unique ids and no domain claimed twice', () => {
    const ids = [...all, ...relays, ...gateways].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const domains = [
      ...consumerProviders.flatMap((p) => p.domains ?? []),
      ...relays.flatMap((r) => r.domains),
    ];
    expect(domains.filter((domain, i) => domains.indexOf(domain) !== i)).toEqual([]);
  });

  it('links only to https URLs, and each search template has exactly one %q', () => {
    for (const provider of all) {
      expect(new URL(provider.webmailUrl).protocol, provider.id).toBe('https:');
      if (provider.searchUrl === null) continue;
      expect(provider.searchUrl.split('%q').length - 1, provider.id).toBe(1);
      expect(new URL(provider.searchUrl.replace('%q', 'x')).origin, provider.id).toBe(
        new URL(provider.webmailUrl).origin,
      );
    }
  });

  it('says what each source is', () => {
    for (const [key, description] of Object.entries(SOURCES))
      expect(description.length, key).toBeGreaterThan(10);
  });

  it('names sources for every entry, and for every search template', () => {
    for (const entry of [...all, ...relays]) expect(entry.sources.length, entry.id).toBeGreaterThan(0);
    for (const provider of all)
      if (provider.searchUrl) expect(provider.searchSource, provider.id).toBeTruthy();
  });

  it('tells clients when a provider wants its query encoded twice', () => {
    expect(classify('yahoo.com')?.webmail_search_query_encoding).toBe('twice');
    expect(classify('gmail.com')).not.toHaveProperty('webmail_search_query_encoding');
  });
});
