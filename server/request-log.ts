/**
 * Collects log lines and writes them once per turn of the event loop: one synchronous write per request
 * cost about 8 % of a cached lookup under load (measured with autocannon). At most one turn's lines are
 * lost if the process is killed.
 */
export class RequestLog {
  readonly #write: (text: string) => void;
  #buffered: string[] = [];

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  log(line: string): void {
    if (this.#buffered.length === 0) setImmediate(() => this.flush());
    this.#buffered.push(line);
  }

  /** Writes the lines collected so far. */
  flush(): void {
    if (this.#buffered.length === 0) return;
    const text = `${this.#buffered.join('\n')}\n`;
    this.#buffered = [];
    this.#write(text);
  }
}
