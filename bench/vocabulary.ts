/**
 * The words, names and domains the benchmarks' generated text and pages are made of, and the people and
 * companies made from them, from a seeded PRNG so every run sees the same text.
 */
import type { seeded } from './seeded.ts';

export const WORDS =
  `the of and to in is that for it as was with be by on not he this are or his from at which but have an
they you were her she there been one all we their has would when if so no will more can out up about what said
them its into than time only could new some these then two first may any like now my such make over our even
most me state after also made many did must before back see through way where get much go well your know should
down work year because come people just say each those take day good how long own too little use us very great
still men here life both between old under last never place same another think house while high right might came
off find states since used give against three himself look few general hand school part small american home during
number again mrs around thus information order quarter invoice meeting proposal contract renewal shipment support
ticket customer account pricing discount onboarding schedule deadline review budget forecast pipeline quote`.split(
    /\s+/,
  );
export const FIRST = [
  'Jane',
  'John',
  'Maria',
  'Wei',
  'Aisha',
  'Liam',
  'Sofia',
  'Noah',
  'Yuki',
  'Omar',
  'Léa',
  'Ivan',
  'Jörg',
];
export const LAST = [
  'Doe',
  'Smith',
  "O'Brien",
  'Garcia',
  'Chen',
  'Khan',
  'Müller',
  'Rossi',
  'Sato',
  'Novak',
  'Dubois',
];
export const FREE_DOMAINS = [
  'gmail.com',
  'outlook.com',
  'yahoo.com',
  'proton.me',
  'icloud.com',
  'gmx.de',
  'mail.ru',
  '163.com',
];
const SYLLABLES = [
  'ac',
  'me',
  'ver',
  'io',
  'tan',
  'gle',
  'nor',
  'dix',
  'sol',
  'ar',
  'pex',
  'lum',
  'ka',
  'zen',
];
const COMPANY_TLDS = ['com', 'io', 'de', 'co.uk', 'fr', 'net', 'org', 'com.au', 'technology'];
export const URLS = [
  'https://example.com/pricing',
  'https://docs.example.org/guide?step=2',
  'www.example.net/a/b',
];
/** Made-up people and companies, and their addresses: four in ten at a free-mail provider. */
export function contacts(random: ReturnType<typeof seeded>) {
  const companies = Array.from(
    { length: 300 },
    () =>
      `${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}${random.pick(SYLLABLES)}.${random.pick(COMPANY_TLDS)}`,
  );
  const person = () => `${random.pick(FIRST)} ${random.pick(LAST)}`;
  const address = (name: string) => {
    const [first = 'x', last = 'y'] = name
      .toLowerCase()
      .replace(/[^a-zéöü ]/g, '')
      .split(' ');
    const local = random.pick([`${first}.${last}`, `${first}${random.between(1, 99)}`, `${first[0]}${last}`]);
    const domain = random.chance(0.4) ? random.pick(FREE_DOMAINS) : random.pick(companies);
    return `${random.chance(0.1) ? `${local}+news` : local}@${domain}`;
  };
  return { companies, person, address };
}
