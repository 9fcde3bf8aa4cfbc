import type { Wxt } from 'wxt';

/**
 * Makes a file of the build loadable by the content script's `import()`: web-accessible to the pages the
 * content script runs on (and only those, at a URL that changes with each session), and a public path WXT
 * types `runtime.getURL` with. The card's module and the top-level domains' module are such files.
 */
export function shareWithContentScript(wxt: Wxt, file: string): void {
  wxt.hooks.hook('build:manifestGenerated', (_, manifest) => {
    const contentScript = manifest.content_scripts?.[0];
    if (!contentScript) return;
    manifest.web_accessible_resources ??= [];
    (
      manifest.web_accessible_resources as {
        resources: string[];
        matches: string[];
        use_dynamic_url?: boolean;
      }[]
    ).push({
      resources: [file],
      matches: contentScript.matches ?? [],
      use_dynamic_url: true,
    });
  });

  wxt.hooks.hook('prepare:publicPaths', (_, paths) => {
    paths.push(file);
  });
}
