import { defineWxtModule } from 'wxt/modules';
import { DISPOSABLE_LIST_FILE, writeDomainList } from '#core/catalog/domain-list-file.ts';
import { disposableDomainSet } from '#core/catalog/domain-lists.ts';

/**
 * Writes the worker's disposable list into the build as a file of its own
 * (lib/core/catalog/domain-list-file.ts), read on the first offline lookup: as literals in background.js it
 * was 144 KB of the 548 KB that every wake of the worker evaluates. Generated from the list the service imports, so the two cannot drift.
 */
export default defineWxtModule((wxt) => {
  wxt.hooks.hook('build:publicAssets', (_, files) => {
    files.push({ relativeDest: DISPOSABLE_LIST_FILE, contents: writeDomainList(disposableDomainSet) });
  });
  wxt.hooks.hook('prepare:publicPaths', (_, paths) => {
    paths.push(DISPOSABLE_LIST_FILE);
  });
});
