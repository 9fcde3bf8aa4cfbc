/**
 * The match pattern of the host a service address is on: the host permission lookups to it need. Match
 * patterns take no port (Chrome ignores them), so http://127.0.0.1/* covers every local service's port.
 * wxt.config.ts imports this too, when the build runs in Node: it must import nothing.
 */
export function hostMatchPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
