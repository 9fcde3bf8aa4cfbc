import { browser } from 'wxt/browser';
import { hostMatchPattern } from '#extension/host-pattern.ts';
import { DEFAULT_API_BASE_URL } from '#extension/settings.ts';

/**
 * Whether lookups may reach a service address, asking the person for its host where they may not yet. The
 * build's own service is in the manifest's host_permissions; any other host is an optional permission
 * (wxt.config.ts), which the browser grants only while a click still counts as the person's gesture: call
 * this from the Save click, before anything else is awaited.
 */
export async function askForServiceHost(baseUrl: string): Promise<boolean> {
  const pattern = hostMatchPattern(baseUrl);
  if (pattern === hostMatchPattern(DEFAULT_API_BASE_URL)) return true;
  return browser.permissions.request({ origins: [pattern] });
}
