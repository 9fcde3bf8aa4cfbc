/** How one provider spells the mailbox a local part reaches; '' when nothing of the local part is left. */
type MailboxOf = (localPart: string) => string;

interface ProviderRule {
  /** The domain every spelling is written with. */
  domain: string;
  mailbox: MailboxOf;
}

/** Subaddressing: `jane+news` reaches `jane`. */
const withoutTag: MailboxOf = (localPart) => {
  const plus = localPart.indexOf('+');
  return plus < 0 ? localPart : localPart.slice(0, plus);
};

/**
 * Gmail: dots and capitals don't matter (https://support.google.com/mail/answer/7436150, "Dots don't matter
 * in Gmail addresses": jane.doe = janedoe = JaneDoe), and `+` with any word still arrives
 * (https://support.google.com/a/users/answer/9308648, "Create task-specific email addresses"). The same
 * page says dots do matter for work and school accounts, which are custom domains and keep their address.
 */
const gmailMailbox: MailboxOf = (localPart) => withoutTag(localPart).replaceAll('.', '').toLowerCase();

/** Fastmail's own domains for its accounts (the addresses in its help pages and blog). */
const FASTMAIL_DOMAINS = ['fastmail.com', 'fastmail.fm'];

const plusOnly = (domain: string): [string, ProviderRule] => [domain, { domain, mailbox: withoutTag }];

/**
 * Providers' own domains, by their documented rules only. Each domain keeps its own name unless the provider
 * documents two names as one mailbox. Case is kept where a provider does not document it.
 */
const PROVIDERS: ReadonlyMap<string, ProviderRule> = new Map([
  ['gmail.com', { domain: 'gmail.com', mailbox: gmailMailbox }],
  // Google Mail's name in Germany and the UK: mail to either domain reaches the same account, and owners
  // could switch to the matching @gmail.com address (Google's announcements of May 2010 and June 2012, as
  // reported in https://www.pcwelt.de/article/1098109/gmail-in-deutschland-googlemail-heisst-endlich-gmail-2.html).
  ['googlemail.com', { domain: 'gmail.com', mailbox: gmailMailbox }],
  // Proton: "unlimited extra addresses, known as +aliases, by adding + after your username"
  // (https://proton.me/support/creating-aliases). Its domains are not merged: pm.me is a short form of
  // either proton.me or protonmail.com, and only once activated (https://proton.me/support/addresses-and-aliases).
  ...['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'].map(plusOnly),
  // Fastmail: "any email sent to username+whateveryoulike@domain.tld is still sent to your account"
  // (https://www.fastmail.help/hc/en-us/articles/360060591053). Subdomain addressing is below.
  ...FASTMAIL_DOMAINS.map(plusOnly),
]);

/**
 * Fastmail's subdomain addressing: `whateveryoulike@username.fastmail.com` is `username+whateveryoulike@...`
 * (same page as above; https://www.fastmail.com/blog/two-address-resolving-additions/ gives the rewrite).
 * A label with a hyphen may stand for an underscore in the username (the same blog post), so it is left as
 * written rather than guessed.
 */
function fastmailSubdomainMailbox(domain: string): string | null {
  const dot = domain.indexOf('.');
  const parent = domain.slice(dot + 1);
  const label = domain.slice(0, dot);
  if (dot <= 0 || !FASTMAIL_DOMAINS.includes(parent) || !/^[a-z0-9]+$/.test(label)) return null;
  return `${label}@${parent}`;
}

/**
 * One spelling per mailbox: `Jane.Doe+news@googlemail.com` and `janedoe@gmail.com` both give
 * `janedoe@gmail.com`. Only providers' documented rules merge spellings (PROVIDERS); any other domain, whose
 * provider the address alone cannot show, keeps its local part as written, with the domain lower-cased.
 * Input that is no address (no `@`, or nothing before or after the last one) comes back trimmed. Never
 * throws; one pass over the input; canonicalMailbox(canonicalMailbox(x)) = canonicalMailbox(x).
 */
export function canonicalMailbox(address: string): string {
  const trimmed = address.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return trimmed;
  const localPart = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  const rule = PROVIDERS.get(domain);
  if (rule) {
    // Trimmed, so that a spelling such as `. jane` cannot leave a space in front for the next call to remove.
    const mailbox = rule.mailbox(localPart).trim();
    return mailbox ? `${mailbox}@${rule.domain}` : `${localPart}@${domain}`;
  }
  return fastmailSubdomainMailbox(domain) ?? `${localPart}@${domain}`;
}
