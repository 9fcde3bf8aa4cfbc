const encoder = new TextEncoder();

/** What a value takes in storage.local as Chromium counts it (QUOTA_BYTES): its JSON, in UTF-8 bytes. */
export function storedBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

/** What an item takes in storage.local: its key and its value. */
export function itemBytes(key: string, value: unknown): number {
  return key.length + storedBytes(value);
}
