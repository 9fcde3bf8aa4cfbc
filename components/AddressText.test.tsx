// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddressText, addressParts } from './AddressText.tsx';

describe('an address cut where a line may break', () => {
  it('breaks after the @ and after each dot, never inside a label', () => {
    expect(addressParts('jane.doe+news@gmail.com')).toEqual(['jane.', 'doe+news@', 'gmail.', 'com']);
    expect(addressParts('sales@workspace-customer.example.com')).toEqual([
      'sales@',
      'workspace-customer.',
      'example.',
      'com',
    ]);
    expect(addressParts('localhost')).toEqual(['localhost']);
  });

  it('any text: its parts are the text, each ending at an @ or a dot, the last at the end', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '-', '.', '@', '+', 'é') }), (text) => {
        const parts = addressParts(text);
        expect(parts.join('')).toBe(text);
        for (const part of parts.slice(0, -1)) expect(part).toMatch(/^[^@.]*[@.]$/);
        expect(parts.at(-1) ?? '').toMatch(/^[^@.]*[@.]?$/);
      }),
    );
  });

  it('reads as the address: the breaks hold no text', () => {
    const { container } = render(
      <p>
        <AddressText address="jane.doe+news@gmail.com" />
      </p>,
    );
    expect(container.textContent).toBe('jane.doe+news@gmail.com');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });

  it('keeps a part that could break inside on one line; a part of letters and digits needs no more', () => {
    const { container } = render(
      <p>
        <AddressText address="jane.doe+news@workspace-customer.example.com" />
      </p>,
    );
    expect([...container.querySelectorAll('.address-part')].map((part) => part.textContent)).toEqual([
      'doe+news@',
      'workspace-customer.',
    ]);
  });
});
