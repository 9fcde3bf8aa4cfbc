import { getWebmailInfo } from '#core/api/client.ts';
import type { ApiOutcome, ApiOutcomeKind } from '#core/api/outcome.ts';
import { describeResult } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import type { LanguageChoice, Locale } from '#extension/locales.ts';
import { isSiteDisabled } from '#extension/settings.ts';
import { lookupTarget, managedFields, managedValues } from '#settings/managed.ts';
import type { PolicyInForce } from '#settings/policy.ts';
import { loadSettings } from '#settings/storage.ts';
import type { Balances } from '#worker/balances.ts';
import { resultOfOutcome } from '#worker/outcome-result.ts';
import type { Handlers } from '#worker/router.ts';

/** The outcomes whose message is the service's answer, not one this extension wrote for a failure. */
const SERVICE_ANSWERS: ReadonlySet<ApiOutcomeKind> = new Set<ApiOutcomeKind>([
  'unknown-key',
  'billing',
  'rate-limited',
  'invalid-request',
  'server-error',
]);

/** What a key test's outcome says, in one sentence. */
function testKeyWords(outcome: ApiOutcome): { ok: boolean; text: string } {
  // A 404 is an answer too: the service took the key.
  if (outcome.kind === 'found' || outcome.kind === 'not-found') return { ok: true, text: t('testKeyWorks') };
  const { title, detail } = describeResult(resultOfOutcome(outcome, Date.now()));
  // The service's own words where it answered (a billing message names where to top up); this
  // extension's where it did not.
  return SERVICE_ANSWERS.has(outcome.kind) && !('problem' in outcome && outcome.problem)
    ? { ok: false, text: t('optionsTestKeyFailed', title, outcome.message) }
    : { ok: false, text: t('optionsTestKeyUnusable', title, detail) };
}

/**
 * Settings as the content scripts and the extension's pages need them, and the options page's key test: each
 * by the policy in force (lib/settings/policy.ts), which waits for the browser's policy service on a first run
 * only.
 */
export function settingsHandlers(
  policy: PolicyInForce,
  openOptionsPage: () => Promise<void>,
  localeOf: (choice: LanguageChoice) => Locale,
  balances: Balances,
) {
  return {
    'content-settings': async ({ hostname }) => {
      const settings = await loadSettings(policy);
      return {
        enabled: !isSiteDisabled(settings, hostname),
        hoverDelayMs: settings.hoverDelayMs,
        searchQueryTemplate: settings.searchQueryTemplate,
        gmailIntegration: settings.gmailIntegration,
        outlookIntegration: settings.outlookIntegration,
        sendingAddresses: settings.sendingAddresses,
        locale: localeOf(settings.language),
      };
    },
    'managed-settings': async () => {
      const managed = await policy.current();
      return { fields: managedFields(managed), settings: managedValues(managed) };
    },
    'open-options': async () => {
      await openOptionsPage();
      return { opened: true };
    },
    // One lookup of a domain every provider knows, with the key as typed. A key the organisation set is the
    // one in force, whatever the page sends (it never sees that key), and it goes only where the policy says.
    // The answer is one sentence, so a translator can order its parts. The balance the service stated for
    // that key comes with it, and is kept as every lookup's is.
    'test-key': async (request) => {
      const target = lookupTarget(request, await policy.current());
      if (!target.apiKey) return { ok: false, text: t('testKeyEmpty'), balance: null };
      const outcome = await balances.noted(
        target,
        getWebmailInfo({ email: 'gmail.com' }, { ...target, retries: 0 }),
      );
      return { ...testKeyWords(outcome), balance: await balances.of(target) };
    },
  } satisfies Pick<Handlers, 'content-settings' | 'managed-settings' | 'open-options' | 'test-key'>;
}
