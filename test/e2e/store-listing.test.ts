import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import messages from '#locales/en/messages.json';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

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

describe('the README’s pictures', () => {
  const pictures = [...read('README.md').matchAll(/!\[[^\]]*\]\(([^)]+\.png)\)/g)].map(
    (match) => match[1] ?? '',
  );

  it('show the card, the popup and the welcome page, each in the light and the dark theme, and the card in German and Japanese', () => {
    expect(pictures.sort()).toEqual(
      [
        ...['card', 'popup', 'welcome'].flatMap((part) => [
          `docs/readme/${part}-dark.png`,
          `docs/readme/${part}-light.png`,
        ]),
        'docs/readme/card-de.png',
        'docs/readme/card-ja.png',
      ].sort(),
    );
  });

  it('are PNG files that decode, with a dark picture darker than its light one', () => {
    const brightness = (path: string) => {
      const png = PNG.sync.read(readFileSync(new URL(`../../${path}`, import.meta.url)));
      let sum = 0;
      for (let i = 0; i < png.data.length; i += 4)
        sum += (png.data[i] ?? 0) + (png.data[i + 1] ?? 0) + (png.data[i + 2] ?? 0);
      return sum / (png.data.length / 4) / 3;
    };
    for (const part of ['card', 'popup', 'welcome'])
      expect(brightness(`docs/readme/${part}-dark.png`)).toBeLessThan(
        brightness(`docs/readme/${part}-light.png`) / 2,
      );
  });
});
