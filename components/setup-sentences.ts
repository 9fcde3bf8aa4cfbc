import { browserMenuWords } from '#extension/browser-differences.ts';
import { t } from '#extension/i18n.ts';
import { DEFAULT_API_BASE_URL, HOSTED_API_BASE_URL, isLoopback } from '#extension/settings.ts';

/** What `npm run server` takes to make a key (README, DESIGN's contracts). */
export const CREATE_KEY_COMMAND = 'npm run server -- keys create --credits 1000';

/** The service lookups go to, as a person needs to know it. */
export interface ServiceInForce {
  /** Host and port, as a person reads an address (`webmaillookup.com`, `127.0.0.1:8787`). */
  host: string;
  origin: string;
  kind: 'hosted' | 'local' | 'self-hosted';
  /** Who chose it: the build (WXT_API_BASE_URL or the hosted default), the person, or the organisation. */
  setBy: 'build' | 'person' | 'organisation';
}

const hostOf = (baseUrl: string) => new URL(baseUrl).host;

/**
 * The service of the settings in force (`baseUrl`, inForce of the store), and who chose it: the
 * organisation where its policy set the address (parseManagedSettings sets it with a key too).
 */
export function serviceInForce(
  baseUrl: string,
  managedBaseUrl: string | undefined,
  buildBaseUrl = DEFAULT_API_BASE_URL,
): ServiceInForce {
  const url = new URL(baseUrl);
  const kind =
    url.host === hostOf(HOSTED_API_BASE_URL) ? 'hosted' : isLoopback(url.hostname) ? 'local' : 'self-hosted';
  const setBy =
    managedBaseUrl !== undefined
      ? 'organisation'
      : url.origin === new URL(buildBaseUrl).origin
        ? 'build'
        : 'person';
  return { host: url.host, origin: url.origin, kind, setBy };
}

/** Where lookups go, in one sentence. */
export function serviceSentence(service: ServiceInForce, buildBaseUrl = DEFAULT_API_BASE_URL): string {
  if (service.setBy === 'organisation') return t('optionsServiceOrganisation', service.host);
  if (service.setBy === 'person') return t('optionsServicePerson', service.host, hostOf(buildBaseUrl));
  if (service.kind === 'hosted') return t('optionsServiceHosted', service.host);
  return t(service.kind === 'local' ? 'optionsServiceLocal' : 'optionsServiceOther', service.host);
}

/**
 * Where a key for that service comes from, in one sentence, and the link in it: the hosted service's site;
 * for the service of an `npm start` build, its demo key (public, and filled in on install); for another
 * local or self-hosted service, the command that makes one on its computer.
 */
export function keySourceSentence(
  service: ServiceInForce,
  demoKey = import.meta.env.WXT_DEMO_API_KEY,
): { text: string; link: string | null } {
  if (service.kind === 'hosted')
    return { text: t('optionsKeyFromSite', service.origin), link: service.origin };
  if (service.kind === 'local' && service.setBy === 'build' && demoKey)
    return { text: t('optionsKeyDemo', demoKey), link: null };
  const key = service.kind === 'local' ? 'optionsKeyLocal' : 'optionsKeyOther';
  return { text: t(key, CREATE_KEY_COMMAND), link: null };
}

/** The lookup shortcut in words: the one the person has set ('' for none), and where the browser changes it. */
export function shortcutSentence(browser: string, shortcut: string): string {
  const words = browserMenuWords(browser);
  return shortcut ? t(words.shortcut, shortcut) : t(words.noShortcut);
}

/** How to pin the toolbar button, in this browser's words. */
export function pinSentence(browser: string): string {
  return t(browserMenuWords(browser).pin);
}
