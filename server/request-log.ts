/**
 * Collects log lines and writes them once per turn of the event loop: one synchronous write per request
 * cost about 8 % of a cached lookup under load (measured with autocannon). At most one turn's lines are
 * lost if the process is killed.
 */
export function createRequestLog(write: (text: string) => void) {
  let buffered: string[] = [];
  const flush = () => {
    if (buffered.length === 0) return;
    const text = `${buffered.join('\n')}\n`;
    buffered = [];
    write(text);
  };
  return {
    log(line: string): void {
      if (buffered.length === 0) setImmediate(flush);
      buffered.push(line);
    },
    flush,
  };
}
