import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import messages from '../public/_locales/en/messages.json';

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('the store listing', () => {
  it('says what leaves the browser in the same words as the welcome page, in the README and the listing', () => {
    expect(read('README.md')).toContain(messages.privacyStatement.message);
    expect(read('docs/store-listing.md')).toContain(messages.privacyStatement.message);
  });

  it('its summary is the manifest’s description, within the stores’ 132 characters', () => {
    expect(read('docs/store-listing.md')).toContain(messages.extDescription.message);
    expect(messages.extDescription.message.length).toBeLessThanOrEqual(132);
  });

  it('justifies every permission the manifest asks for', () => {
    const config = read('wxt.config.ts');
    const permissions = /permissions: \[([^\]]*)\]/.exec(config)?.[1]?.match(/'([^']+)'/g) ?? [];
    expect(permissions.length).toBeGreaterThan(0);
    for (const permission of permissions)
      expect(read('docs/store-listing.md')).toContain(permission.slice(1, -1));
  });
});
