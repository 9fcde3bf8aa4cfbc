import { decodeCloudflareEmail } from '@/lib/email/cloudflare.ts';
import { parseMailto } from '@/lib/email/mailto.ts';
import type { AddressSource } from '@/lib/page/address-source.ts';

const mailtoLinks: AddressSource = {
  name: 'mailto',
  selector: 'a[href^="mailto:" i]',
  read: (element) => parseMailto(element.getAttribute('href') ?? '')[0] ?? null,
};

const cloudflare: AddressSource = {
  name: 'cloudflare',
  selector: '[data-cfemail], a[href*="/cdn-cgi/l/email-protection#"]',
  read: (element) => {
    const encoded =
      element.getAttribute('data-cfemail') ?? (element.getAttribute('href') ?? '').split('#')[1] ?? '';
    return decodeCloudflareEmail(encoded);
  },
};

/** Gmail's sender and recipient chips: `<span email="jane@example.com" name="Jane">`. */
const gmailChips: AddressSource = {
  name: 'gmail',
  selector: '[email]',
  read: (element) => {
    const value = (element.getAttribute('email') ?? '').trim();
    const at = value.lastIndexOf('@');
    return at > 0 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
      ? `${value.slice(0, at)}@${value.slice(at + 1).toLowerCase()}`
      : null;
  },
};

export function addressSources(options: { gmailIntegration: boolean }): AddressSource[] {
  return options.gmailIntegration ? [mailtoLinks, cloudflare, gmailChips] : [mailtoLinks, cloudflare];
}
