/**
 * The answer cache's keys in storage.local, as lib/extension/stored.ts declares them (answerFamily,
 * answerIndexItem; lib/extension/stored.test.ts holds them to these). The benches fill the cache from outside
 * the extension, where that module, made for the extension's pages and worker, does not load.
 */
export const answerKey = (domain: string) => `answer:${domain}`;
export const ANSWER_INDEX_KEY = 'answerIndex';
