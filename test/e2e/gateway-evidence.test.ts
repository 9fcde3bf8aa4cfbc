import { describe, expect, it } from 'vitest';
import { domainOf } from '#core/email/extract.ts';
import { BROWSERS } from '../support/driver.ts';
import { useBrowserStack } from '../support/extension-stack.ts';

/**
 * The card says what the service saw behind a security gateway, in each browser, with the built extension
 * against the real service, whose DNS is the fixture server (test/fixtures/dns-zones.ts): the gateway, the
 * record that named the provider, and how sure that is. Consumer and business Microsoft are told apart.
 */

/** Proofpoint in the MX; SPF names Exchange Online: Microsoft 365, medium. */
const BEHIND_PROOFPOINT = 'sales@proofpoint-m365.example.com';
/** Mimecast in the MX; nothing but Microsoft's tenant verification: Microsoft 365, a guess (low). */
const VERIFIED_ONLY = 'it@ms-verification-only.example.com';
/** Microsoft 365 named by its own MX: nothing more to say. */
const M365_BY_MX = 'bob@m365-customer.example.com';
const CONSUMER_MICROSOFT = 'jane@outlook.com';
const ADDRESSES = [BEHIND_PROOFPOINT, VERIFIED_ONLY, M365_BY_MX, CONSUMER_MICROSOFT];

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gateways</title></head><body>
${ADDRESSES.map((address) => `<p>Write to ${address} today.</p>`).join('\n')}
</body></html>`;

/** What the popup's card shows of an answer, once it has one (the popup writes plain text). */
function popupCard(): { provider: string; evidence: string | null; sureness: string | null } | null {
  if (!document.querySelector('[data-testid="result-source"]')) return null;
  const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
  return {
    provider: text('provider-nice-name') ?? '',
    evidence: text('provider-evidence'),
    sureness: text('provider-confidence'),
  };
}

describe.each(BROWSERS)('what the card says was seen behind a gateway, in %s', (name) => {
  const suite = useBrowserStack(name, { credits: 100, page: { html: PAGE, addresses: ADDRESSES.length } });
  const hover = (address: string) => suite.page.showCardOf(address);
  const card = () => suite.page.card;

  it('Microsoft 365 behind Proofpoint: the card names the gateway and the SPF record, and says it is likely', async () => {
    await hover(BEHIND_PROOFPOINT);
    expect(await card().text('provider-nice-name')).toBe('Microsoft 365');
    expect(await card().text('provider-evidence')).toBe(
      "Microsoft 365, behind Proofpoint (from the domain's SPF record).",
    );
    expect(await card().text('provider-confidence')).toBe('Likely, not certain.');
    expect(await card().attribute('open-webmail', 'href')).toMatch(/^https:\/\/outlook\.office\.com\//);
    expect(suite.backend.proxy.countFor(domainOf(BEHIND_PROOFPOINT))).toBe(1);
  });

  it('Microsoft’s domain verification alone reads as a guess, less sure than likely', async () => {
    await hover(VERIFIED_ONLY);
    expect(await card().text('provider-evidence')).toBe(
      "Microsoft 365, behind Mimecast: a guess from Microsoft's domain verification.",
    );
    expect(await card().text('provider-confidence')).toBe('Unsure: check before you rely on it.');
    // Its mark of doubt meets the card's contrast, as the rest of it does.
    expect(await card().violations()).toEqual([]);
  });

  it('consumer and business Microsoft by their own names, with nothing to add where the MX names the mailbox', async () => {
    await hover(M365_BY_MX);
    expect(await card().text('provider-nice-name')).toBe('Microsoft 365');
    expect(await card().text('provider-name')).toBe('Microsoft (365)');
    expect(await card().count('provider-evidence')).toBe(0);
    expect(await card().count('provider-confidence')).toBe(0);
    await hover(CONSUMER_MICROSOFT);
    expect(await card().text('provider-nice-name')).toBe('Outlook.com');
    expect(await card().text('provider-name')).toBe('Microsoft (Public)');
    expect(await card().count('provider-evidence')).toBe(0);
  });

  it('the popup’s card says the same', async () => {
    const popup = await suite.browser.openExtensionPage(
      `popup.html?lookup=${encodeURIComponent(BEHIND_PROOFPOINT)}`,
    );
    await expect
      .poll(() => popup.evaluate(popupCard, null))
      .toEqual({
        provider: 'Microsoft 365',
        evidence: "Microsoft 365, behind Proofpoint (from the domain's SPF record).",
        sureness: 'Likely, not certain.',
      });
    await popup.close();
  });
});
