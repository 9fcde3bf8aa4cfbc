const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/** The API key an `Authorization: Bearer KEY` header carries; null for any other header, or none. */
export function bearerKey(authorization: string | undefined): string | null {
  return BEARER.exec(authorization ?? '')?.[1] ?? null;
}
