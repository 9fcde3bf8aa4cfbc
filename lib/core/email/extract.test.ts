import { describe, expect, it } from 'vitest';
import { addressIn, domainOf, extractEmails, isEmailAddress } from './extract.ts';

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

  it.each([
    ['the end of the text', 'Write to jane@example.com:'],
    ['a space', 'jane@example.com: see above'],
    ['a tab', 'jane@example.com:\tsee above'],
    ['a line break', 'jane@example.com:\nsee above'],
    ['a no-break space', 'jane@example.com:\u00a0see above'],
  ])('finds an address followed by a colon and %s', (_case, text) => {
    expect(addresses(text)).toEqual(['jane@example.com']);
  });

  it.each([
    ['only capital is A', 'jane@Amazon.com', 'jane@amazon.com'],
    ['only capital is Z', 'jane@Zoho.com', 'jane@zoho.com'],
    ['only capital is not ASCII', 'jane@Ärzte.de', 'jane@ärzte.de'],
  ])('lower-cases a domain whose %s', (_case, text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    ['a digit that is not a scale', 'jobs@9to5x.com'],
    ['a scale-like start', 'sales@2xl.com'],
    ['a scale-like first label', 'cdn@2x.example.com'],
  ])('finds an address whose domain starts with %s', (_case, text) => {
    expect(addresses(text)).toEqual([text]);
  });

  it('finds a local part of exactly 64 characters, at the start of a text and after a space', () => {
    const local = 'a'.repeat(64);
    expect(addresses(`${local}@example.com`)).toEqual([`${local}@example.com`]);
    expect(addresses(`to ${local}@example.com`)).toEqual([`${local}@example.com`]);
  });

  it('finds a domain label of exactly 63 characters, and a domain of exactly 253', () => {
    const label = 'a'.repeat(63);
    expect(addresses(`jane@${label}.com`)).toEqual([`jane@${label}.com`]);
    const domain = `${label}.${label}.${label}.${'b'.repeat(57)}.com`;
    expect(domain).toHaveLength(253);
    expect(addresses(`jane@${domain}`)).toEqual([`jane@${domain}`]);
  });

  it.each([
    ['a dash after it', 'jane@example.com-- Bob', 'jane@example.com'],
    ['a next word in capitals', 'jane@example.comFAQ', 'jane@example.com'],
    ['a single slash before it, which is no URL', 'and/or:jane@example.com', 'jane@example.com'],
  ])('finds an address with %s', (_case, text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it('reads only the @ signs in its window', () => {
    expect(extractEmails('jane.example.com', 4)).toEqual([]);
    expect(extractEmails('jane@example.com bob@example.org', 5)).toEqual([
      { address: 'bob@example.org', start: 17, end: 32 },
    ]);
  });

  it('reports offsets into the text', () => {
    const text = 'Hi <Jane@Example.COM>.';
    const [found] = extractEmails(text);
    expect(found).toEqual({ address: 'Jane@example.com', start: 4, end: 20 });
    expect(text.slice(found?.start, found?.end)).toBe('Jane@Example.COM');
  });
});

describe('extractEmails ends an address where the text around it begins', () => {
  // Each script written without spaces runs straight into an address, before it and after it.
  it.each([
    ['Chinese (Han)', '请联系jane@example.com谢谢'],
    ['Japanese hiragana', 'ごjane@example.comまでご連絡ください'],
    ['Japanese katakana', 'メールアドレスjane@example.comへ'],
    ['Korean (Hangul)', '이메일jane@example.com으로 보내주세요'],
    ['Thai', 'ติดต่อjane@example.comได้ทุกวัน'],
    ['Lao', 'ຕິດຕໍ່jane@example.comໄດ້'],
    ['Khmer', 'ទំនាក់ទំនងjane@example.comបាន'],
    ['Burmese (Myanmar)', 'ဆက်သွယ်ရန်jane@example.comသို့'],
  ])('ends an address where %s text begins', (_script, text) => {
    expect(addresses(text)).toEqual(['jane@example.com']);
  });

  it('keeps letters of spaced scripts in the address: Latin, Greek, Cyrillic', () => {
    expect(addresses('ÀÿĀſƀɏ@example.com')).toEqual(['ÀÿĀſƀɏ@example.com']);
    expect(addresses('ɐjane@example.com')).toEqual(['ɐjane@example.com']);
    expect(addresses('σοφία@παράδειγμα.ελ')).toEqual(['σοφία@παράδειγμα.ελ']);
    expect(addresses('иван@пример.рф')).toEqual(['иван@пример.рф']);
  });

  it('leaves out signs that are not letters: × ÷ « » ¿', () => {
    expect(addresses('3×jane@example.com×2')).toEqual(['jane@example.com']);
    expect(addresses('6÷jane@example.com÷2')).toEqual(['jane@example.com']);
    expect(addresses('«jane@example.com»')).toEqual(['jane@example.com']);
    expect(addresses('¿jane@example.com?')).toEqual(['jane@example.com']);
  });

  it.each([
    ['A', 'jane@example.caAbout us'],
    ['Z', 'jane@example.comZoom'],
    ['a small a before it', 'jane@example.caContact'],
    ['a small z before it', 'sales@acme.bizContact'],
  ])('ends a domain glued to the next word at its capital: %s', (_case, text) => {
    expect(addresses(text)).toEqual([text.slice(0, text.search(/[a-z][A-Z]/) + 1)]);
  });
});

describe('extractEmails reads the corners of the standard as they are written', () => {
  it.each([
    [
      "a sourcehut list, whose owner's ~ and the / are in the address",
      'Send patches to ~emersion/soju-dev@lists.sr.ht.',
      '~emersion/soju-dev@lists.sr.ht',
    ],
    [
      "RFC 3696's slash and equals sign",
      'customer/department=shipping@example.com',
      'customer/department=shipping@example.com',
    ],
    ["RFC 3696's bang path and percent sign", '!def!xyz%abc@example.com', '!def!xyz%abc@example.com'],
    ["RFC 3696's dollar sign", '$A12345@example.com', '$A12345@example.com'],
    [
      'a BATV bounce address',
      'Return-Path: <prvs=1234abcd=jane@example.com>',
      'prvs=1234abcd=jane@example.com',
    ],
    [
      'an SRS address',
      'SRS0=HHH=TT=example.org=jane@forwarder.example.net',
      'SRS0=HHH=TT=example.org=jane@forwarder.example.net',
    ],
    [
      'a VERP address after a +',
      'list-bounces+jane=example.com@lists.example.org',
      'list-bounces+jane=example.com@lists.example.org',
    ],
    [
      'a VERP address after a name',
      'bounce-jane=example.com@lists.example.org',
      'bounce-jane=example.com@lists.example.org',
    ],
    [
      'a Markdown mailto link after a link to a site',
      '[https](https://www.ibm.com)[mailto](mailto:someone@ibm.com)',
      'someone@ibm.com',
    ],
    [
      "a mailto: in capitals in a URL's run",
      'https://example.com/,MAILTO:jane@example.com',
      'jane@example.com',
    ],
    [
      'a sentence run on without a space, though its first word is a TLD',
      'Write jane@example.com.Next sentence',
      'jane@example.com',
    ],
  ])('%s', (_case, text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    ['a key that holds addresses', 'email=wei.li@example.com', 'wei.li@example.com'],
    ['a key in capitals', 'EMAIL_FROM=no-reply@example.com', 'no-reply@example.com'],
    ["a query's parameter", '/compose?u=wei.li@example.com', 'wei.li@example.com'],
    ['any key before a value that is no domain', 'x=jane@example.com', 'jane@example.com'],
    ['equals signs before the address', '==jane@example.com', 'jane@example.com'],
    ['a path', '/users/jane@example.com', 'jane@example.com'],
    ['a run too long for a local part', `${'a'.repeat(70)}/jane@example.com`, 'jane@example.com'],
    ['a pipe between columns', 'Jane Doe|jane@example.com|London', 'jane@example.com'],
    ['Markdown emphasis', '**jane@example.com**', 'jane@example.com'],
    ['code quotes', '`jane@example.com`', 'jane@example.com'],
    ['a hash', '#jane@example.com', 'jane@example.com'],
    ['an ampersand', '&to=jane@example.com', 'jane@example.com'],
  ])('leaves out what a sign separates from the address: %s', (_case, text, address) => {
    expect(addresses(text)).toEqual([address]);
  });

  it.each([
    // RFC 5322's obsolete syntax, which RFC 5321 does not send to; its tail bar@gmail.co.uk is someone else.
    ['a quoted word inside a local part', 'test."foo".bar@gmail.co.uk'],
    // RFC 5321 §4.1.2 asks hosts to avoid them; no provider gives one out.
    ['a quoted local part', '"Fred Bloggs"@example.com'],
    ['a quoted local part holding an @', '"Abc@def"@example.com'],
    // RFC 3696's errata: a backslash quotes only inside quotes. Bloggs@example.com is someone else.
    ['an escaped space', 'Fred\\ Bloggs@example.com'],
    ['an escaped @', 'Abc\\@def@example.com'],
    ['an escaped backslash', 'Joe.\\\\Blow@example.com'],
    ['a profile path: a slash before the @', 'https://example.com/@jane and jane/@example.com'],
  ])('finds no address in %s: %j', (_case, text) => {
    expect(addresses(text)).toEqual([]);
  });
});

describe('extractEmails tells a URL from the text after it', () => {
  it.each([
    ['a space', 'https://example.com/page Email:jane@example.com'],
    ['a tab', 'https://example.com/page\tEmail:jane@example.com'],
    ['a line break', 'https://example.com/page\nEmail:jane@example.com'],
    ['a carriage return', 'https://example.com/page\rEmail:jane@example.com'],
    ['a no-break space', 'https://example.com/page\u00a0Email:jane@example.com'],
    ['a double quote (JSON)', '{"url":"https://example.com/","to":"mailto:jane@example.com"}'],
    ['an angle bracket (a link in plain-text mail)', 'https://example.com/<mailto:jane@example.com>'],
    ['the end of a tag', '<a href=https://example.com/>Email:jane@example.com'],
  ])('ends a URL at %s', (_case, text) => {
    expect(addresses(text)).toEqual(['jane@example.com']);
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
    ['an image scale in capitals', 'banner@2X.mov'],
    ['an image scale under one', 'icon@0.5x.mov'],
    ['an image scale of 9', 'icon@9x.mov'],
    ['an image scale of two digits', 'hero@10x.mov'],
    ['an image scale of two decimals', 'sprite@1.25x.mov'],
    ['a local part ending in a dot', 'jane.@example.com'],
    ['a local part starting with a dot', '.jane@example.com'],
    ['a label ending in a hyphen', 'jane@example-.com'],
    ['a label over 63 characters', `jane@${'a'.repeat(64)}.com`],
    [
      'a domain of 254 characters',
      `jane@${'a'.repeat(63)}.${'a'.repeat(63)}.${'a'.repeat(63)}.${'b'.repeat(58)}.com`,
    ],
    ['a Windows path', 'C:\\Users\\jane@example.com'],
    ['a host and port', 'jane@example.com:8080'],
    ['a missing local part', 'Email: @example.com'],
    ['a local part of quotes only', "'@example.com"],
    ['a quoted local part starting with a dot', "'.jane@example.com"],
    ['a word in capitals that only starts with a TLD', 'JANE@EXAMPLE.NETWORTH'],
    ['an address followed by an @', 'jane@example.com@evil.com'],
    ['a space inside a domain', 'jane@24 7.com'],
    ['a bare @', '@'],
    ['nothing', ''],
  ])('%s: %j', (_case, text) => {
    expect(addresses(text)).toEqual([]);
  });
});

describe('addressIn and isEmailAddress: a value that is exactly one address', () => {
  it('gives the address of a value that is one, spaces around it aside, its domain lower-cased', () => {
    expect(addressIn('  Jane@Example.COM ')).toBe('Jane@example.com');
    expect(isEmailAddress('jane@example.com')).toBe(true);
  });

  it.each([
    ['text before it', 'write to jane@example.com'],
    ['text after it', 'jane@example.com today'],
    ['no address', 'example.com'],
    ['an address that is not all of it', 'jane@example.com.notatld'],
  ])('refuses a value with %s', (_case, value) => {
    expect(addressIn(value)).toBeNull();
    expect(isEmailAddress(value)).toBe(false);
  });

  it('takes the domain after the last @ of an address', () => {
    expect(domainOf('"a@b"@example.com')).toBe('example.com');
  });
});
