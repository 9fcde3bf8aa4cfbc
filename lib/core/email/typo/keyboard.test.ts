import { describe, expect, it } from 'vitest';
import { areNeighbourKeys as areNeighbourCodes } from './keyboard.ts';

const areNeighbourKeys = (a: string, b: string) => areNeighbourCodes(a.charCodeAt(0), b.charCodeAt(0));

describe('areNeighbourKeys', () => {
  it.each([
    ['g', 't'],
    ['g', 'b'],
    ['n', 'm'],
    ['i', 'o'],
    ['o', '0'],
    ['l', '.'],
  ])('knows %s and %s touch on QWERTY', (a, b) => {
    expect(areNeighbourKeys(a, b)).toBe(true);
    expect(areNeighbourKeys(b, a)).toBe(true);
  });

  it('knows the keys that move between layouts: y and x on QWERTZ, q and s on AZERTY', () => {
    expect(areNeighbourKeys('y', 'x')).toBe(true);
    expect(areNeighbourKeys('q', 's')).toBe(true);
    expect(areNeighbourKeys('a', 'z')).toBe(true);
  });

  it('says keys apart are not neighbours', () => {
    expect(areNeighbourKeys('a', 'l')).toBe(false);
    expect(areNeighbourKeys('i', 'l')).toBe(false);
    expect(areNeighbourKeys('e', 'g')).toBe(false);
    expect(areNeighbourKeys('k', 'k')).toBe(false);
  });
});
