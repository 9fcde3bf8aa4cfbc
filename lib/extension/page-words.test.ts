import { describe, expect, it, vi } from 'vitest';
import { t } from './i18n.ts';
import { NoAnswerError } from './messaging.ts';
import { errorWords } from './page-words.ts';

describe('errorWords', () => {
  it('says a silent background in the words of errorNoAnswer', () => {
    expect(errorWords(new NoAnswerError())).toBe(t('errorNoAnswer'));
  });

  it("says a browser's failure in the extension's words, keeping the browser's for the console", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('Could not establish connection. Receiving end does not exist.');
    expect(errorWords(failure)).toBe(t('errorExtensionStopped'));
    expect(warn).toHaveBeenCalledWith(expect.any(String), failure);
    warn.mockRestore();
  });
});
