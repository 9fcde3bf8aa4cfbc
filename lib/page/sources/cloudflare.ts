import { decodeCloudflareEmail } from '#core/email/cloudflare.ts';
import type { AddressSource } from '#page/address-source.ts';

/**
 * Cloudflare's email protection: a `data-cfemail` span (`<span class="__cf_email__" data-cfemail="...">`),
 * or a link to `/cdn-cgi/l/email-protection#...` whose fragment hides the whole `mailto:` target, a subject
 * with it at times (seen on real pages: test/fixtures/real-pages, mercury-dmagazine). The page's own script
 * would decode them, and is often blocked or slow.
 */
export const cloudflare: AddressSource = {
  selector: '[data-cfemail], a[href*="/cdn-cgi/l/email-protection#"]',
  attributes: ['data-cfemail', 'href'],
  read: (element) => {
    const encoded =
      element.getAttribute('data-cfemail') ?? (element.getAttribute('href') ?? '').split('#')[1] ?? '';
    const address = decodeCloudflareEmail(encoded);
    return address ? [address] : [];
  },
};
