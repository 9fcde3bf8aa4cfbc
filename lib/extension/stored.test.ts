import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS } from './settings.ts';
import {
  answerFamily,
  answerIndexItem,
  apiKeyItem,
  type BulkJob,
  bulkAnswerFamily,
  bulkDraftItem,
  bulkJobBehindItem,
  bulkJobItem,
  type CachedAnswer,
  hoverBudgetFamily,
  policySeenItem,
  popupBudgetFamily,
  settingsItem,
  tabAddressesFamily,
} from './stored.ts';

beforeEach(() => {
  fakeBrowser.reset();
});

const job: BulkJob = {
  domains: ['a.example', 'b.example'],
  done: { 'a.example': 'kept' },
  keptBytes: 120,
  state: 'running',
  waitUntil: null,
  stoppedBy: null,
};
const answer: CachedAnswer = {
  answer: { state: 'not-found', reason: 'no-mx', message: 'x', source: 'api', fetchedAt: 0 },
  expiresAt: 1,
};

// What a person's browser holds is the extension's data across updates: a key renamed or a format changed
// without a migration would lose it.
describe('what the extension keeps, and where', () => {
  it('keeps each item of storage.local under its key', async () => {
    await Promise.all([
      settingsItem.setValue(DEFAULT_SETTINGS),
      apiKeyItem.setValue('wl_key'),
      bulkDraftItem.setValue({ text: 'a@b.example', fileName: null, started: true }),
      bulkJobItem.setValue(job),
      bulkAnswerFamily.set('a.example', answer.answer),
      answerFamily.set('gmail.com', answer),
      answerIndexItem.setValue([['gmail.com', 1, 300]]),
      policySeenItem.setValue({ searchQueryTemplate: 'from:{address}' }),
    ]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({
      settings: DEFAULT_SETTINGS,
      apiKey: 'wl_key',
      bulkDraft: { text: 'a@b.example', fileName: null, started: true },
      bulkJob: job,
      'bulkAnswer:a.example': answer.answer,
      'answer:gmail.com': answer,
      answerIndex: [['gmail.com', 1, 300]],
      policySeen: { searchQueryTemplate: 'from:{address}' },
    });
  });

  it('keeps what it holds per tab in storage.session under `<kind>:<tabId>`', async () => {
    await Promise.all([
      tabAddressesFamily.set(7, { 0: ['jane@example.com'] }),
      popupBudgetFamily.set(7, ['example.com']),
      hoverBudgetFamily.set(7, { left: 3, at: 5 }),
      bulkJobBehindItem.setValue(true),
    ]);
    expect(await fakeBrowser.storage.session.get(null)).toEqual({
      'tabAddresses:7': { 0: ['jane@example.com'] },
      'popupBudget:7': ['example.com'],
      'hoverBudget:7': { left: 3, at: 5 },
      bulkJobBehind: true,
    });
  });

  it('reads a value of another shape as none', async () => {
    await fakeBrowser.storage.local.set({
      bulkDraft: { text: 3 },
      bulkJob: { state: 'running' },
      answerIndex: 'nonsense',
      'answer:a.example': { answer: { state: 'unreachable', message: 'down' }, expiresAt: 1 },
    });
    await fakeBrowser.storage.session.set({ bulkJobBehind: 'yes' });
    expect(await bulkDraftItem.getValue()).toEqual({ text: '', fileName: null, started: false });
    expect(await bulkJobItem.getValue()).toBeNull();
    expect(await answerIndexItem.getValue()).toBeNull();
    expect(await answerFamily.get('a.example')).toBeNull();
    expect(await bulkJobBehindItem.getValue()).toBe(false);
  });
});
