import { describe, expect, it } from 'vitest';
import { classify } from './classify.ts';
import { MAX_SPF_INCLUDES_TO_FOLLOW, spfIncludesToFollow } from './mailbox-evidence.ts';

// Made-up records, named for what makes each special. acme.example stands for any company domain.
const PROOFPOINT_MX = ['mx0a-00123401.pphosted.com', 'mx0b-00123401.pphosted.com'];
const MIMECAST_MX = ['eu-smtp-inbound-1.mimecast.com', 'eu-smtp-inbound-2.mimecast.com'];
const SELF_HOSTED_MX = ['mail.acme.example'];
const SPF_MICROSOFT_365 = 'v=spf1 include:spf.protection.outlook.com -all';
const SPF_GOOGLE = 'v=spf1 include:_spf.google.com ~all';
const TENANT_VERIFICATION = 'MS=ms12345678';
/** Mimecast sends the outbound mail too, so SPF names only the gateway: nothing about the mailbox. */
const SPF_GATEWAY_ONLY = 'v=spf1 include:eu._netblocks.mimecast.com -all';

describe('MX names the mailbox', () => {
  it('answers from MX, with high confidence, and needs no TXT', () => {
    expect(classify('acme.example', ['acme-example.mail.protection.outlook.com'])).toMatchObject({
      nice_name: 'Microsoft 365',
      provider_source: 'mx',
      provider_confidence: 'high',
    });
  });

  it('lets MX win over SPF naming another provider: MX is where the mail is delivered', () => {
    expect(
      classify('acme.example', ['acme-example.mail.protection.outlook.com'], [SPF_GOOGLE]),
    ).toMatchObject({ nice_name: 'Microsoft 365', provider_source: 'mx' });
  });

  it('says which gateway is in front when MX lists one next to the mailbox', () => {
    const info = classify('acme.example', [...PROOFPOINT_MX, 'acme-example.mail.protection.outlook.com']);
    expect(info).toMatchObject({ nice_name: 'Microsoft 365', provider_source: 'mx', gateway: 'Proofpoint' });
  });

  it('says which gateway is among the MX hosts at any preference, the mailbox first', () => {
    const info = classify('acme.example', ['acme-example.mail.protection.outlook.com', ...MIMECAST_MX]);
    expect(info).toMatchObject({ nice_name: 'Microsoft 365', provider_source: 'mx', gateway: 'Mimecast' });
  });

  it("prefers a mailbox provider's MX to the web host's default MX left next to it, at any preference", () => {
    const ionosDefaults = ['mx00.kundenserver.de', 'mx01.kundenserver.de'];
    expect(
      classify('acme.example', [...ionosDefaults, 'acme-example.mail.protection.outlook.com']),
    ).toMatchObject({ nice_name: 'Microsoft 365', provider_source: 'mx', provider_confidence: 'high' });
    expect(classify('acme.example', ionosDefaults)).toMatchObject({
      nice_name: 'IONOS Mail',
      provider_source: 'mx',
    });
  });

  it('names a web host behind a gateway from MX', () => {
    const sophos = ['mx-01-eu-central-1.prod.hydra.sophos.com', 'mx-02-eu-central-1.prod.hydra.sophos.com'];
    expect(classify('acme.example', [...sophos, 'w0123456.kasserver.com'])).toMatchObject({
      nice_name: 'ALL-INKL Webmail',
      provider_source: 'mx',
      gateway: 'Sophos',
    });
  });

  it('tells Outlook.com custom domains (consumer Microsoft) from Microsoft 365', () => {
    expect(classify('acme.example', ['0123456789.pamx1.hotmail.com'])).toMatchObject({
      name: 'Microsoft (Public)',
      nice_name: 'Outlook.com',
      is_freemail: false,
    });
    expect(classify('acme.example', ['acme-example.mail.protection.outlook.com'])?.name).toBe(
      'Microsoft (365)',
    );
  });
});

describe('behind a security gateway, SPF names the mailbox', () => {
  it('names Microsoft 365 behind Proofpoint, with medium confidence', () => {
    expect(classify('acme.example', PROOFPOINT_MX, [SPF_MICROSOFT_365])).toMatchObject({
      name: 'Microsoft (365)',
      nice_name: 'Microsoft 365',
      webmail_url: 'https://outlook.office.com/mail/',
      is_freemail: false,
      provider_source: 'spf',
      provider_confidence: 'medium',
      gateway: 'Proofpoint',
    });
  });

  it.each([
    ['v=spf1 include:spf.mail.qq.com ~all', 'Tencent Exmail'],
    ['v=spf1 include:spf.mxhichina.com -all', 'Alibaba Mail'],
    ['v=spf1 redirect=_spf.mail.ru', 'VK WorkSpace Mail'],
    ['v=spf1 +include:spf.onlarksuite.com -all', 'Lark Mail'],
    ['v=spf1 include:spf.seznam.cz ~all', 'Seznam Email Profi'],
    ['v=spf1 include:spf.infomaniak.ch ~all', 'Infomaniak Mail'],
    ['v=spf1 include:_spf.yandex.net ~all', 'Yandex 360'],
    ['v=spf1 include:zohomail.com ~all', 'Zoho Mail'],
  ])('reads %s behind a gateway as %s', (spf, niceName) => {
    expect(classify('acme.example', MIMECAST_MX, [spf])).toMatchObject({
      nice_name: niceName,
      provider_source: 'spf',
      provider_confidence: 'medium',
    });
  });

  it('names Trend Micro and FortiMail as the gateway', () => {
    expect(classify('acme.example', ['acme.in.tmes.trendmicro.eu'], [SPF_MICROSOFT_365])?.gateway).toBe(
      'Trend Micro Email Security',
    );
    expect(classify('acme.example', ['acme.fortimailcloud.com'], [SPF_MICROSOFT_365])?.gateway).toBe(
      'FortiMail Cloud',
    );
  });

  it('reads a redirect as SPF does', () => {
    expect(classify('acme.example', MIMECAST_MX, ['v=spf1 redirect=_spf.google.com'])).toMatchObject({
      nice_name: 'Google Workspace',
      gateway: 'Mimecast',
    });
  });

  it('counts the mailbox next to senders that are not one, and the gateway itself', () => {
    const spf = `v=spf1 include:servers.mcsv.net include:eu._netblocks.mimecast.com include:sendgrid.net include:spf.protection.outlook.com -all`;
    expect(classify('acme.example', MIMECAST_MX, [spf])?.nice_name).toBe('Microsoft 365');
  });

  it('gives no answer when SPF names two mailbox providers, even with a tenant verification', () => {
    const spf = 'v=spf1 include:spf.protection.outlook.com include:_spf.google.com -all';
    expect(classify('acme.example', PROOFPOINT_MX, [spf, TENANT_VERIFICATION])).toBeNull();
  });

  it('counts neither an include that may not send nor one built from macros', () => {
    const spf = 'v=spf1 -include:spf.protection.outlook.com include:%{i}._spf.google.com ~all';
    expect(classify('acme.example', PROOFPOINT_MX, [spf])).toBeNull();
  });
});

describe('senders that are not mailboxes never count', () => {
  // Each vendor's documented include: Mailchimp, Mailgun, Amazon SES and Salesforce (DW), SendGrid (its
  // docs), Marketo (Adobe's docs), Salesforce Marketing Cloud (Microsoft's SPF guide), Zendesk, HubSpot,
  // Mandrill and Postmark (DTX).
  it.each([
    'servers.mcsv.net',
    'mailgun.org',
    'amazonses.com',
    '_spf.salesforce.com',
    'sendgrid.net',
    'mktomail.com',
    'cust-spf.exacttarget.com',
    'mail.zendesk.com',
    '1234567.spf01.hubspotemail.net',
    'spf.mandrillapp.com',
    'spf.mtasv.net',
  ])('a gateway and SPF naming only %s give no answer', (sender) => {
    expect(classify('acme.example', PROOFPOINT_MX, [`v=spf1 include:${sender} -all`])).toBeNull();
  });

  // Web hosts' includes cover their web servers too (IONOS, ALL-INKL, Hostinger: LABELLING.md §5 of the DNS
  // corpus); Zoho's one.zoho.com covers its CRM, Desk and Campaigns together.
  it.each(['_spf-eu.ionos.com', 'spf.kasserver.com', '_spf.mail.hostinger.com', 'one.zoho.com'])(
    'nor does %s, which does not say where the mailbox is',
    (include) => {
      expect(classify('acme.example', PROOFPOINT_MX, [`v=spf1 include:${include} -all`])).toBeNull();
    },
  );
});

describe("Microsoft's tenant verification", () => {
  it('names Microsoft 365 behind a gateway when SPF names no mailbox, with low confidence', () => {
    expect(classify('acme.example', MIMECAST_MX, [SPF_GATEWAY_ONLY, TENANT_VERIFICATION])).toMatchObject({
      nice_name: 'Microsoft 365',
      provider_source: 'ms-verification',
      provider_confidence: 'low',
      gateway: 'Mimecast',
    });
  });

  it('is read from the whole record only, stray spaces aside', () => {
    const behindMimecast = (verification: string) =>
      classify('acme.example', MIMECAST_MX, [SPF_GATEWAY_ONLY, verification])?.nice_name ?? null;
    expect(behindMimecast(` ${TENANT_VERIFICATION} `)).toBe('Microsoft 365');
    expect(behindMimecast(`old-${TENANT_VERIFICATION}`)).toBeNull();
    expect(behindMimecast(`${TENANT_VERIFICATION}-revoked`)).toBeNull();
  });

  it('is not used with a self-hosted MX, where an on-premises server is at least as likely', () => {
    expect(classify('acme.example', SELF_HOSTED_MX, [TENANT_VERIFICATION])).toBeNull();
  });

  it('gives way to SPF naming another provider', () => {
    expect(classify('acme.example', MIMECAST_MX, [SPF_GOOGLE, TENANT_VERIFICATION])?.nice_name).toBe(
      'Google Workspace',
    );
  });
});

describe('an unknown MX', () => {
  it('takes the provider SPF names with low confidence, and reports no gateway', () => {
    const info = classify('acme.example', SELF_HOSTED_MX, [SPF_MICROSOFT_365]);
    expect(info).toMatchObject({
      nice_name: 'Microsoft 365',
      provider_source: 'spf',
      provider_confidence: 'low',
    });
    expect(info).not.toHaveProperty('gateway');
  });

  it('makes nothing up when the records name no mailbox', () => {
    expect(classify('acme.example', SELF_HOSTED_MX, ['v=spf1 mx a ip4:192.0.2.0/24 -all'])).toBeNull();
    expect(classify('acme.example', SELF_HOSTED_MX, [])).toBeNull();
    expect(classify('acme.example', PROOFPOINT_MX, [])).toBeNull();
  });
});

describe("the domain's own SPF includes, one level deep", () => {
  const SPF_AGGREGATED = 'v=spf1 include:_spf.acme.example include:_spf.vendor.example ~all';

  it('fetches only the domain’s own includes that name no provider already', () => {
    const spf =
      'v=spf1 include:_spf.acme.example include:spf.protection.outlook.com include:_spf.vendor.example ~all';
    expect(spfIncludesToFollow('acme.example', [spf])).toEqual(['_spf.acme.example']);
  });

  it('recognises the organisation by its registrable domain', () => {
    const spf = 'v=spf1 include:_spf.acme.co.uk include:_spf.other.co.uk ~all';
    expect(spfIncludesToFollow('mail.acme.co.uk', [spf])).toEqual(['_spf.acme.co.uk']);
  });

  it('tells apart the registrants under a shared suffix (eu.org), as the Public Suffix List does', () => {
    const spf = 'v=spf1 include:_spf.acme.eu.org include:_spf.other.eu.org ~all';
    expect(spfIncludesToFollow('acme.eu.org', [spf])).toEqual(['_spf.acme.eu.org']);
  });

  it('does not fetch again the record of a domain that includes itself', () => {
    expect(spfIncludesToFollow('acme.example', ['v=spf1 include:acme.example -all'])).toEqual([]);
  });

  it(`follows at most ${MAX_SPF_INCLUDES_TO_FOLLOW} of them`, () => {
    const many = Array.from({ length: 6 }, (_, i) => `include:_spf${i}.acme.example`).join(' ');
    expect(spfIncludesToFollow('acme.example', [`v=spf1 ${many} -all`])).toHaveLength(
      MAX_SPF_INCLUDES_TO_FOLLOW,
    );
  });

  it('reads the provider in the aggregator’s record', () => {
    const included = { '_spf.acme.example': [SPF_MICROSOFT_365] };
    expect(classify('acme.example', PROOFPOINT_MX, [SPF_AGGREGATED], included)).toMatchObject({
      nice_name: 'Microsoft 365',
      provider_source: 'spf',
      provider_confidence: 'medium',
    });
  });

  it('never reads a third party’s record, even when one is passed', () => {
    const included = { '_spf.vendor.example': [SPF_GOOGLE] };
    expect(classify('acme.example', PROOFPOINT_MX, [SPF_AGGREGATED], included)).toBeNull();
  });

  it('goes one level only', () => {
    const included = {
      '_spf.acme.example': ['v=spf1 include:_spf2.acme.example -all'],
      '_spf2.acme.example': [SPF_MICROSOFT_365],
    };
    expect(classify('acme.example', PROOFPOINT_MX, [SPF_AGGREGATED], included)).toBeNull();
  });

  it('counts a second provider named in the aggregator as a second provider', () => {
    const included = { '_spf.acme.example': [SPF_GOOGLE] };
    const spf = 'v=spf1 include:spf.protection.outlook.com include:_spf.acme.example -all';
    expect(classify('acme.example', PROOFPOINT_MX, [spf], included)).toBeNull();
  });
});
