/**
 * The limits the standards set on addresses and domains, each written once, with the RFC it comes from.
 * Every other bound of the project (budgets, caps, timeouts) is in lib/extension/limits.ts with its reason.
 * Text is measured here in characters of its presentation form (UTF-16 code units in JavaScript); where a
 * limit counts octets of UTF-8, its user says so.
 */

/** RFC 5321 §4.5.3.1.1: a local part holds at most 64 octets. */
export const MAX_LOCAL_PART_LENGTH = 64;

/**
 * RFC 1035 §2.3.4 and RFC 2181 §11: a domain name is at most 255 octets on the wire, which is 253
 * characters written with dots and without the root's trailing dot.
 */
export const MAX_DOMAIN_LENGTH = 253;

/** RFC 1035 §2.3.4: a label holds at most 63 octets. */
export const MAX_LABEL_LENGTH = 63;

/**
 * RFC 5321 §4.5.3.1.3: a path (`<local@domain>`) holds at most 256 octets, so an address without the two
 * angle brackets at most 254 (RFC 3696's errata correct the 320 of its §3:
 * https://www.rfc-editor.org/errata/rfc3696).
 */
export const MAX_ADDRESS_LENGTH = 254;
