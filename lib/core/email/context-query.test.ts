import { describe, expect, it } from 'vitest';
import { contextMenuQuery } from './context-query.ts';

describe('contextMenuQuery', () => {
  it('takes a mailto: link’s address over the selection', () => {
    expect(
      contextMenuQuery({ linkUrl: 'mailto:Bob%40Proton.me?subject=x', selectionText: 'Write to Bob' }),
    ).toBe('Bob@proton.me');
  });

  it('takes the first address in a selection', () => {
    expect(contextMenuQuery({ selectionText: '  Contact: jane@Example.com or bob@example.org ' })).toBe(
      'jane@example.com',
    );
  });

  it('passes a bare domain through for the popup to check', () => {
    expect(contextMenuQuery({ selectionText: ' example.com ' })).toBe('example.com');
    expect(contextMenuQuery({})).toBe('');
  });

  it('passes at most 320 characters of a selection without an address', () => {
    expect(contextMenuQuery({ selectionText: 'word '.repeat(100) })).toHaveLength(320);
  });
});
