import { MAX_DOMAIN_LENGTH } from '#core/email/rfc-limits.ts';
import { normalizeHost } from './host-pattern.ts';

/**
 * Reading SPF records (RFC 7208) for what they say about who sends a domain's mail. Pure text; the service
 * does the DNS. A TXT record is taken as one string, its character-strings joined without a separator
 * (RFC 7208 §3.3).
 */

/** RFC 7208 §4.5: an SPF record is a TXT record that starts with the version `v=spf1`, then a space or its end. */
const SPF_VERSION = /^v=spf1(?:\s|$)/i;

/**
 * An `include:` that authorises (no qualifier, or `+`), or the `redirect=` modifier, and its target. `-`,
 * `~` and `?` includes name hosts that may not send, so they say nothing about where the mailbox is.
 */
const DELEGATION = /^(?:\+?include:|redirect=)(.+)$/i;

/** The SPF records among a name's TXT records. A domain should publish one; every one found is read. */
export function spfRecords(txtRecords: readonly string[]): string[] {
  return txtRecords.map((record) => record.trim()).filter((record) => SPF_VERSION.test(record));
}

/**
 * The domains whose SPF records a record hands its verdict to, in the record's order: the targets of its
 * authorising includes and of its redirect, in the form host patterns are written in. A target with a macro
 * (`%{i}.spf.example`) names no single record, nor does one longer than a host name: both are left out.
 */
export function spfDelegations(record: string): string[] {
  const targets: string[] = [];
  for (const term of record.split(/\s+/).slice(1)) {
    const target = DELEGATION.exec(term)?.[1];
    if (!target || target.includes('%')) continue;
    // A target longer than a host name names no record: it is neither matched nor followed.
    const host = normalizeHost(target);
    if (host.length <= MAX_DOMAIN_LENGTH) targets.push(host);
  }
  return targets;
}

/** Every delegation of every SPF record among a name's TXT records, each once. */
export function txtDelegations(txtRecords: readonly string[]): string[] {
  return [...new Set(spfRecords(txtRecords).flatMap(spfDelegations))];
}
