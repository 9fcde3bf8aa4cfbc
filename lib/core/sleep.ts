/** Resolves after `ms` milliseconds: the wait that retries and runs use unless a test gives its own clock. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
