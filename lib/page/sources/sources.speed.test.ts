// @vitest-environment happy-dom
import { describe, it } from 'vitest';
import type { AddressSource } from '#page/address-source.ts';
import { describeGrowth, expectLinearForAll } from '#test/support/linear-time.ts';
import { cloudflare } from './cloudflare.ts';
import { gmailChips } from './gmail-chips.ts';
import { googlePeople } from './google-people.ts';
import { mailtoLinks } from './mailto-links.ts';
import { outlookPeople } from './outlook.ts';

/**
 * What each site source costs to read an element whose attribute a page wrote, measured against itself in
 * one run (test/support/linear-time.ts). Apart from the tests of its answers, as mutation testing leaves
 * `*.speed.test.ts` out.
 */

/** An element of each attribute value, made once: the measure reads the same value many times. */
const elements = new Map<string, Element>();
/** Elements kept at once: the measure times two values at a time, and a few more while it grows them. */
const MOST_ELEMENTS = 8;
function elementWith(tag: string, attribute: string, value: string): Element {
  const key = `${tag} ${attribute} ${value}`;
  const kept = elements.get(key);
  if (kept) return kept;
  if (elements.size >= MOST_ELEMENTS) elements.clear();
  const element = document.createElement(tag);
  element.setAttribute(attribute, value);
  elements.set(key, element);
  return element;
}

const PLAIN = ['a', '.', '@', '-', ' ', 'x@y.com', ':', '<', '>', 'é'];
const CASES: [string, AddressSource, string, string, readonly string[], (value: string) => string][] = [
  [
    'mailto links',
    mailtoLinks,
    'a',
    'href',
    [',', '?', '&', 'to=', '%40', '-AT', ' at ', ...PLAIN],
    (value) => `mailto:${value}`,
  ],
  [
    'Cloudflare links',
    cloudflare,
    'a',
    'href',
    ['5a', '1a', '#', '00', 'ff'],
    (value) => `/cdn-cgi/l/email-protection#${value}`,
  ],
  ['Gmail chips', gmailChips, 'span', 'email', PLAIN, (value) => value],
  ["Google's people", googlePeople, 'div', 'data-hovercard-id', PLAIN, (value) => value],
  ['Outlook people', outlookPeople, 'span', 'title', ['From: ', 'De : ', ...PLAIN], (value) => value],
];

describe("a site source reads an element's attribute in linear time", () => {
  it.for(CASES)(
    '%s: 4× the attribute costs at most 6× the time',
    ([, source, tag, attribute, pieces, wrap], { annotate }) => {
      const read = (value: string) => source.read(elementWith(tag, attribute, value));
      const worst = expectLinearForAll(read, pieces, { wrap, numRuns: 8 });
      annotate(`worst ${describeGrowth(worst, worst.seed)}`);
    },
  );
});
