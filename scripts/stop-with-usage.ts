/** Ends a script's run with a message a person can act on (exit code 2, as for a usage error), no stack trace. */
export function stopWithUsage(message: string): never {
  console.error(message);
  process.exit(2);
}
