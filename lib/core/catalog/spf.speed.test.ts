import { describe, it } from 'vitest';
import { describeGrowth, expectLinear, expectLinearForAll } from '#test/support/linear-time.ts';
import { findMailbox } from './mailbox-evidence.ts';

/**
 * What reading a domain's DNS records costs, measured against itself in one run (test/support/
 * linear-time.ts). A domain's owner writes its TXT records, up to the 64 KB of a DNS message, and its MX
 * hosts: the service reads them for anyone who looks the domain up. Apart from the tests of the answers, as
 * mutation testing leaves `*.speed.test.ts` out.
 */

/** An SPF record's own terms and delimiters, and host names that look like providers' includes. */
const TXT_PIECES = [
  'include:',
  '+include:',
  '-include:',
  'redirect=',
  'a.',
  '_spf.',
  'acme.com',
  'google.com',
  'spf.protection.outlook.com',
  ' ',
  '-',
  '%',
  '.',
  '~all',
  'ip4:192.0.2.1',
  'MS=ms1',
];
/** Host names as MX records hold them, with the labels providers' patterns match. */
const MX_PIECES = [
  'mx',
  'a.',
  '-',
  '.',
  ' ',
  'aspmx.l.google.com',
  'mail.protection.outlook.com',
  'pphosted.com',
  'tmes-',
  '1',
];

/** The domain's record, and the same text as the record of its own include, which is followed. */
const bySpf = (record: string) =>
  findMailbox('acme.com', ['mx.unknown.example'], [record, 'MS=ms123'], { '_spf.acme.com': [record] });

describe("a domain's DNS records are read in linear time", () => {
  it('an SPF record of any terms: 4× the record costs at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll(bySpf, TXT_PIECES, {
      wrap: (terms) => `v=spf1 include:_spf.acme.com ${terms}`,
    });
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });

  it('an include of one long target made of labels, which no host name is', ({ annotate }) => {
    const growth = expectLinear(bySpf, 'a.', (labels) => `v=spf1 include:${labels}spf.protection.outlook.co`);
    annotate(describeGrowth(growth, 'include:a.a.a.…'));
  });

  it('MX hosts of any names: 4× the hosts cost at most 6× the time', ({ annotate }) => {
    const worst = expectLinearForAll((hosts) => findMailbox('acme.com', hosts.split(' ')), MX_PIECES);
    annotate(`worst ${describeGrowth(worst, worst.seed)}`);
  });
});
