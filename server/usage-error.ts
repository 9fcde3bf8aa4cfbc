/** A command line the CLI cannot act on: its message is printed alone, and the command exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
