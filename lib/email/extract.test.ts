import { describe, expect, it } from 'vitest';
import { extractEmails } from './extract.ts';

const addresses = (text: string) => extractEmails(text).map((found) => found.address);

describe('extractEmails finds addresses', () => {
  it.each([
    ['Write to jane@example.com today', ['jane@example.com']],
    ['Jane.Doe+tag@Mail.Example.CO.UK', ['Jane.Doe+tag@mail.example.co.uk']],
    ['<jane@example.com>', ['jane@example.com']],
    ['(jane@example.com)', ['jane@example.com']],
    ['"jane@example.com"', ['jane@example.com']],
    ["'jane@example.com'", ['jane@example.com']],
    ['jane@example.com.', ['jane@example.com']],
    [
      'jane@example.com, bob@example.org; eve@example.net!',
      ['jane@example.com', 'bob@example.org', 'eve@example.net'],
    ],
    ['email=jane@example.com&x=1', ['jane@example.com']],
    ['Email:jane@example.com', ['jane@example.com']],
    ['mailto:jane@example.com', ['jane@example.com']],
    ['请联系jane@example.com谢谢', ['jane@example.com']],
    ['連絡先：jane@example.com。', ['jane@example.com']],
    ['jane@example.comContact us', ['jane@example.com']],
    ["o'brien@example.ie", ["o'brien@example.ie"]],
    ['jöran@bücher.de', ['jöran@bücher.de']],
    ['support@xn--bcher-kva.de', ['support@xn--bcher-kva.de']],
    ['a.b-c_d%e@sub-domain.example.museum', ['a.b-c_d%e@sub-domain.example.museum']],
    ['git: jane@example.com: see above', ['jane@example.com']],
    ['zhang.wei@163.com', ['zhang.wei@163.com']],
    ['jane@example.com/bob@example.org', ['jane@example.com', 'bob@example.org']],
    ['Try jane@gmail.com...', ['jane@gmail.com']],
    ['Mail jane@gmail.com.Thanks!', ['jane@gmail.com']],
    ['QQ邮箱：12345678@qq.com', ['12345678@qq.com']],
    ['ติดต่อjane@example.comได้ทุกวัน', ['jane@example.com']],
    ['用户@例子.中国', ['用户@例子.中国']],
    ['お問い合わせ：info@お名前.com まで', ['info@お名前.com']],
  ])('%j', (text, expected) => {
    expect(addresses(text)).toEqual(expected);
  });

  it('reports offsets into the text', () => {
    const text = 'Hi <Jane@Example.COM>.';
    const [found] = extractEmails(text);
    expect(found).toEqual({ address: 'Jane@example.com', start: 4, end: 20 });
    expect(text.slice(found?.start, found?.end)).toBe('Jane@Example.COM');
  });
});

describe('extractEmails leaves alone what is not an address', () => {
  it.each([
    ['an image name', 'logo@2x.png'],
    ['a retina video name', 'banner@2x.mov'],
    ['a fractional scale', 'icon@1.5x.webp'],
    ['a fractional scale with a real TLD', 'sprite@1.5x.mov'],
    ['a package version', 'react@18.2.0'],
    ['a scoped package', 'npm i @types/node@20.1.0'],
    ['an scp path', 'git@github.com:org/repo.git'],
    ['the tail of an invalid local part', 'john..doe@x.com'],
    ['a URL with userinfo', 'https://user@example.com/path'],
    ['a URL with user and password', 'https://user:secret@example.com/'],
    ['a URL path', 'https://lists.example.org/archive/jane@example.com'],
    ['an ssh URL', 'ssh://git@github.com/org/repo.git'],
    ['an empty label', 'jane@example..com'],
    ['a social handle', 'follow @jane on social'],
    ['a handle with a word', 'ping me@home tonight'],
    ['a fake TLD', 'jane@example.notatld'],
    ['a single label', 'root@localhost'],
    ['two @ signs', 'a@b@example.com'],
    ['a leading hyphen label', 'jane@-example.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    [
      'a domain over 253 characters',
      `a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(10)}.com`,
    ],
    ['a bare @', '@'],
    ['nothing', ''],
  ])('%s: %j', (_case, text) => {
    expect(addresses(text)).toEqual([]);
  });
});
