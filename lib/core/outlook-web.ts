/**
 * Where Outlook on the web is served from: the hosts a person reads their mail at, in every cloud Microsoft
 * runs it in. Each was established by two or more independent sources (research notes of issue 21, §1.1):
 * - `outlook.office.com`, `outlook.office365.com`, `outlook.cloud.microsoft`: Microsoft 365 worldwide,
 *   GCC included ("Microsoft 365 URLs and IP address ranges", Exchange Online ID 1, updated 2026-08-14;
 *   extensions that run on OWA);
 * - `outlook.live.com`: consumer Outlook.com (every OWA extension seen; sniper-link projects);
 * - `outlook.office365.us`: U.S. Government GCC High (Microsoft's GCC High endpoint list; a tenant's guide);
 * - `outlook-dod.office365.us`, `webmail.apps.mil`: U.S. Government DoD (Microsoft's DoD endpoint list,
 *   generated 2026-04-27; community links to "Army Email");
 * - `partner.outlook.cn`: Office 365 operated by 21Vianet (Microsoft's 21Vianet endpoint and API lists; a
 *   userscript matching `partner.outlook.cn/mail/*`).
 * Not listed, as nothing established that OWA is served there: `outlook.apps.mil` (one community list),
 * `outlook.office365.cn` (an API resource host), hosts under `usgovcloud.microsoft`. On-premises Exchange
 * and vanity hosts serve OWA at hosts of their own, which no list can name.
 */
export const OUTLOOK_WEB_HOSTS: readonly string[] = [
  'outlook.office.com',
  'outlook.office365.com',
  'outlook.cloud.microsoft',
  'outlook.live.com',
  'outlook.office365.us',
  'outlook-dod.office365.us',
  'webmail.apps.mil',
  'partner.outlook.cn',
];

/** Whether a page's host (or a URL's) serves Outlook on the web; 21Vianet's subdomains of partner.outlook.cn too. */
export function isOutlookWebHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return OUTLOOK_WEB_HOSTS.includes(host) || host.endsWith('.partner.outlook.cn');
}
