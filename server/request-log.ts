/**
 * How long a log line may wait to be written with the others. One write per turn of the event loop was
 * about 5 % of a cached lookup under load, most of it the pipe's system call and waking its reader (CPU
 * profile under autocannon); one write per interval is a few hundred lines. A process killed outright loses
 * at most this long's lines; one that stops writes them all (RunningService flushes before it exits).
 */
export const LOG_WRITE_INTERVAL_MS = 100;

/** Collects log lines and writes them together, at most LOG_WRITE_INTERVAL_MS after the first. */
export class RequestLog {
  readonly #write: (text: string) => void;
  #buffered: string[] = [];

  constructor(write: (text: string) => void) {
    this.#write = write;
  }

  log(line: string): void {
    if (this.#buffered.length === 0) setTimeout(() => this.flush(), LOG_WRITE_INTERVAL_MS).unref();
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
