import { describe, expect, it } from 'vitest';
import { getMessage } from '#test/support/fake-i18n.ts';
import {
  CREATE_KEY_COMMAND,
  keySourceSentence,
  serviceInForce,
  serviceSentence,
  shortcutSentence,
} from './setup-sentences.ts';

const LOCAL_BUILD = 'http://127.0.0.1:8787';
const HOSTED = 'https://webmaillookup.com';

describe('the words for the service lookups go to', () => {
  it('names the local service an npm start build was made for, and its demo key', () => {
    const service = serviceInForce(LOCAL_BUILD, undefined, LOCAL_BUILD);
    expect(service).toMatchObject({ host: '127.0.0.1:8787', kind: 'local', setBy: 'build' });
    expect(serviceSentence(service, LOCAL_BUILD)).toBe(
      'This build looks addresses up at the local service on 127.0.0.1:8787.',
    );
    expect(keySourceSentence(service, 'wl_demo').text).toBe(getMessage('optionsKeyDemo', ['wl_demo']));
    expect(keySourceSentence(service, undefined)).toEqual({
      text: getMessage('optionsKeyLocal', [CREATE_KEY_COMMAND]),
      link: null,
    });
  });

  it('names the hosted service, and links to its site for a key', () => {
    const service = serviceInForce(HOSTED, undefined, HOSTED);
    expect(serviceSentence(service, HOSTED)).toBe(
      'This build looks addresses up at webmaillookup.com, the hosted Webmail Info API.',
    );
    expect(keySourceSentence(service, 'wl_demo')).toEqual({
      text: 'Get a key at https://webmaillookup.com.',
      link: HOSTED,
    });
  });

  it('says when the person chose another service, and which one the build has', () => {
    const service = serviceInForce('https://lookup.acme.example/api', undefined, HOSTED);
    expect(service).toMatchObject({ kind: 'self-hosted', setBy: 'person' });
    expect(serviceSentence(service, HOSTED)).toBe(
      getMessage('optionsServicePerson', ['lookup.acme.example', 'webmaillookup.com']),
    );
    expect(keySourceSentence(service).text).toBe(getMessage('optionsKeyOther', [CREATE_KEY_COMMAND]));
  });

  it('says when the organisation chose it, even where that is the build’s own', () => {
    const service = serviceInForce(HOSTED, HOSTED, HOSTED);
    expect(serviceSentence(service, HOSTED)).toBe(
      getMessage('optionsServiceOrganisation', ['webmaillookup.com']),
    );
  });

  it('a port of the same host is another service', () => {
    expect(serviceInForce('http://127.0.0.1:9000', undefined, LOCAL_BUILD).setBy).toBe('person');
  });
});

describe('the words for the shortcut', () => {
  it('gives the shortcut as set, and where each browser changes it', () => {
    expect(shortcutSentence('chrome', 'Ctrl+Shift+K')).toBe(
      getMessage('optionsShortcutChromium', ['Ctrl+Shift+K']),
    );
    expect(shortcutSentence('firefox', 'Alt+Shift+L')).toBe(
      getMessage('optionsShortcutFirefox', ['Alt+Shift+L']),
    );
    expect(shortcutSentence('firefox', '')).toBe(getMessage('optionsShortcutNoneFirefox'));
  });
});
