import { defineConfig } from 'wxt';
import { hostMatchPattern } from './lib/extension/host-pattern.ts';

/**
 * The API the build talks to by default. Its host is the one the background may fetch from without asking;
 * any other base URL set in options is asked for at run time (entrypoints/options/service-permission.ts;
 * optional_host_permissions in MV3; Firefox's MV2 build takes origins in optional_permissions, and refuses
 * to ask for one not listed there).
 */
const apiHostPattern = hostMatchPattern(process.env.WXT_API_BASE_URL || 'https://webmaillookup.com');
const otherServiceHosts = ['https://*/*', 'http://*/*'];

/** The icon at each size the browsers and stores ask for, rendered from assets/icon.svg by `npm run icons`. */
const icons = Object.fromEntries([16, 32, 48, 128].map((size) => [size, `icon/${size}.png`]));

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  hooks: {
    // The translators' glossary lives beside the locales for them, not in the extension people install.
    'build:publicAssets': (_wxt, files) => {
      files.splice(0, files.length, ...files.filter((file) => !file.relativeDest.endsWith('GLOSSARY.md')));
    },
  },
  outDir: process.env.WXT_OUT_DIR || '.output',
  manifest: ({ browser }) => ({
    // From public/_locales/<locale>/messages.json, so translations reach the stores' listings too.
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    // alarms: wakes a stopped worker to go on with a bulk list's run (lib/worker/bulk-alarm.ts).
    permissions: ['storage', 'contextMenus', 'alarms'],
    host_permissions: [apiHostPattern],
    optional_host_permissions: otherServiceHosts,
    // Looks up the selected text or the focused address (lib/page/query-under-focus.ts).
    commands: {
      'lookup-selection': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: '__MSG_commandLookup__',
      },
    },
    // The toolbar button's title and icon are in entrypoints/popup/index.html, where both builds take them from.
    icons,
    // What an organisation may set by policy (storage.managed). Firefox takes managed storage from a managed
    // storage manifest or enterprise policy instead, and warns about this key.
    ...(browser !== 'firefox' && { storage: { managed_schema: 'managed_schema.json' } }),
    ...(browser === 'firefox' && {
      optional_permissions: otherServiceHosts,
      browser_specific_settings: {
        gecko: {
          id: 'webmail-lookup@webmail-lookup.dev',
          // The domain of a hovered address (page content) goes to the lookup service.
          data_collection_permissions: { required: ['websiteContent'] },
        },
      },
    }),
  }),
});
