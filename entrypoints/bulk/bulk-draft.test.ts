import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_BULK_DRAFT_BYTES } from '#extension/limits.ts';
import { storedBytes } from '#extension/stored-size.ts';
import { bulkDraftItem, keepBulkDraft } from './bulk-draft.ts';

beforeEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

const draft = (text: string) => ({ text, fileName: 'leads.csv', started: false });

describe('the bulk page’s list, kept', () => {
  it('is kept up to MAX_BULK_DRAFT_BYTES', async () => {
    const list = draft('Name,Email\nJane,jane@example.com\n'.repeat(1_000));
    expect(await keepBulkDraft(list)).toBe('kept');
    expect(await bulkDraftItem.getValue()).toEqual(list);
  });

  it('is not kept past it, and the list before it is not kept in its place', async () => {
    await keepBulkDraft(draft('the list before'));
    const large = draft('x'.repeat(MAX_BULK_DRAFT_BYTES));
    expect(storedBytes(large)).toBeGreaterThan(MAX_BULK_DRAFT_BYTES);
    expect(await keepBulkDraft(large)).toBe('too-large');
    expect((await bulkDraftItem.getValue()).text).toBe('');
  });

  it('says when storage refuses it, and the list before it goes too', async () => {
    await keepBulkDraft(draft('the list before'));
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    expect(await keepBulkDraft(draft('a new list'))).toBe('refused');
    vi.restoreAllMocks();
    expect((await bulkDraftItem.getValue()).text).toBe('');
  });
});
