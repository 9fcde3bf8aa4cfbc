import type { Handlers } from '#worker/router.ts';
import type { WorkerWords } from '#worker/words.ts';

/** The words of the locale in force, for the extension's pages and the card (lib/extension/i18n.ts). */
export function wordsHandlers(words: WorkerWords) {
  return {
    // A context that already speaks the locale in force is told so, without the messages again.
    words: async ({ have }) => {
      const { locale, messages } = await words.current();
      return { locale, messages: have === locale ? null : messages };
    },
  } satisfies Pick<Handlers, 'words'>;
}
