import { readFileSync } from 'node:fs';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { parseLabelledDomains } from '#test/support/catalog-accuracy.ts';
import { classify } from './classify.ts';
import { classifyOffline } from './classify-by-name.ts';
import { readDomainList, writeDomainList } from './domain-list-file.ts';
import { disposableDomainSet } from './domain-lists.ts';
import { consumerProviders, relays } from './providers.ts';

/** The disposable list as the extension's worker has it: written into the build, read back from the file. */
const shipped = readDomainList(writeDomainList(disposableDomainSet));

const labelled = parseLabelledDomains(
  readFileSync(new URL('../../../test/fixtures/labelled-domains.tsv', import.meta.url), 'utf8'),
).map((row) => row.domain);
const named = [...relays, ...consumerProviders].flatMap((entry) => entry.domains ?? []);

describe('the disposable list file', () => {
  it('reads back the very list the service uses', () => {
    expect(shipped).toEqual(disposableDomainSet);
  });

  it('reads an empty file as no domains', () => {
    expect(readDomainList(writeDomainList([]))).toEqual(new Set());
  });
});

describe('classifyOffline, with the list read from its file', () => {
  it.each([
    ['the labelled set', labelled],
    ['every relay and consumer domain, and a subdomain of each', named.flatMap((d) => [d, `x7k2.${d}`])],
    [
      'every disposable domain, and a subdomain of each',
      [...disposableDomainSet].flatMap((d) => [d, `a1.${d}`]),
    ],
    [
      'names that are no domain',
      ['', 'localhost', 'a..b', 'Jane@Gmail.com', ' GMAIL.COM. ', 'bücher.example'],
    ],
  ])('answers as classify does without DNS records: %s', (_, domains) => {
    const differing = domains.filter(
      (domain) => JSON.stringify(classifyOffline(domain, shipped)) !== JSON.stringify(classify(domain)),
    );
    expect(differing).toEqual([]);
    expect(domains.length).toBeGreaterThan(0);
  });

  it('can walk every parent: no relay or disposable domain is a public suffix', () => {
    const listed = [...relays.flatMap((relay) => relay.domains), ...disposableDomainSet];
    expect(listed.filter((domain) => getDomain(domain, { allowPrivateDomains: false }) === null)).toEqual([]);
  });

  it('flags a disposable domain only with the list', () => {
    expect(classifyOffline('mailinator.com', shipped)).toMatchObject({ is_disposable: true });
    expect(classifyOffline('mailinator.com', new Set())).toBeNull();
  });
});
