import { describe, expect, it } from 'vitest';
import { businessProviders, consumerProviders, relays } from '#core/catalog/index.ts';
import { PROVIDER_LOGOS } from './provider-logos.ts';

describe("the providers' logos", () => {
  const known = new Set([...consumerProviders, ...businessProviders, ...relays].map((p) => p.niceName));

  it('are only for providers the catalog knows, by the nice name it gives them', () => {
    for (const name of PROVIDER_LOGOS.keys()) expect(known, name).toContain(name);
  });

  it("have none for Microsoft's offers, whose logos Simple Icons removed: they get an initial", () => {
    expect(PROVIDER_LOGOS.has('Microsoft 365')).toBe(false);
    expect(PROVIDER_LOGOS.has('Outlook.com')).toBe(false);
  });

  it('are each one SVG path, with a colour', () => {
    for (const [name, logo] of PROVIDER_LOGOS) {
      expect(logo.path, name).toMatch(/^[Mm][\d.\-\s,A-Za-z]+$/);
      expect(logo.hex, name).toMatch(/^[0-9A-F]{6}$/i);
    }
  });
});
