import maintainedRoles from 'role-based-email-addresses';
import { MAX_LOCAL_PART_LENGTH } from './rfc-limits.ts';
import { ADDED_ROLES, NOT_ROLES } from './role-address-data.ts';

/** What people put between the words of a local part: customer.service, customer-service, customer_service. */
const SEPARATORS = /[._-]+/;
/** A number after a word numbers a mailbox of the same kind: sales2@, info1@, vendas-2@. */
const TRAILING_DIGITS = /\d+$/;
const COMBINING_MARKS = /\p{M}/gu;
const NON_ASCII = /[^ -~]/;
/** No-reply mailboxes carry any suffix (no-reply-aws@, noreply.github@, naoresponda-loja@). */
const NO_REPLY_PREFIXES = [
  'noreply',
  'donotreply',
  'nepasrepondre',
  'noresponder',
  'naoresponda',
  'naoresponder',
];
/**
 * Words that qualify a role rather than name anyone: info.de@, support-emea@, ventas.latam@. Any word of
 * two letters or fewer qualifies too (a country or language code).
 */
const QUALIFIERS = new Set([
  'amer',
  'americas',
  'apac',
  'asia',
  'benelux',
  'dach',
  'dept',
  'emea',
  'europe',
  'intl',
]);
const MAX_QUALIFIER_LENGTH = 2;

/** A local part's words, lower-cased, without accents and without a number at the end of each. */
function wordsOf(localPart: string): string[] {
  let text = localPart.toLowerCase();
  // Only text beyond printable ASCII has accents to fold (contabilità@, atención@); ASCII skips the normalisation.
  if (NON_ASCII.test(text)) text = text.normalize('NFD').replace(COMBINING_MARKS, '');
  return text.split(SEPARATORS).map((word) => word.replace(TRAILING_DIGITS, ''));
}

const excluded = new Set(Object.keys(NOT_ROLES));
/** Every role, its words run together: `customer.service` is stored as `customerservice`. */
const ROLES: ReadonlySet<string> = new Set(
  [...maintainedRoles, ...Object.values(ADDED_ROLES).flat()]
    .filter((entry) => !excluded.has(entry))
    .map((entry) => wordsOf(entry).join(''))
    // A number alone (`123`, `2024` in the maintained list) is no role.
    .filter((role) => role.length > 0 && !excluded.has(role)),
);

const isQualifier = (word: string) => word.length <= MAX_QUALIFIER_LENGTH || QUALIFIERS.has(word);

/**
 * Whether an address reaches a shared inbox (info@, sales@, kontakt@, ventas@, atendimento@,
 * service-client@) rather than a person. The local part counts as a role when, without its `+tag`:
 * - its words run together are a role (customer.service@, no-reply@, sales2@), or start like a no-reply; or
 * - every word is a role or a qualifier, and one is a role (info.de@, support-emea@, sales.team@).
 * A word that is also a given name is no role (NOT_ROLES), so steve.jobs@ is a person and jobs@ a role.
 * Input a stranger wrote costs at most one pass over a local part's length; anything that is no address is false.
 */
export function isRoleAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  if (at < 0 || at === address.length - 1) return false;
  const local = address.slice(0, at).trim();
  const plus = local.indexOf('+');
  const mailbox = plus < 0 ? local : local.slice(0, plus);
  if (mailbox.length === 0 || mailbox.length > MAX_LOCAL_PART_LENGTH) return false;
  const words = wordsOf(mailbox);
  const joined = words.join('');
  if (ROLES.has(joined) || NO_REPLY_PREFIXES.some((prefix) => joined.startsWith(prefix))) return true;
  return words.some((word) => ROLES.has(word)) && words.every((word) => ROLES.has(word) || isQualifier(word));
}
