import { describe, expect, it } from 'vitest';
import { listFileText } from './list-file.ts';

const bytes = (...values: number[]) => new Uint8Array(values).buffer;
const utf8 = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('the text of a list’s file', () => {
  it('UTF-8, its byte-order mark kept for the CSV to go back out with', () => {
    expect(listFileText(utf8('\uFEFFName;E-Mail\r\nMüller;m@gmail.com\r\n'))).toBe(
      '\uFEFFName;E-Mail\r\nMüller;m@gmail.com\r\n',
    );
    expect(listFileText(utf8('Name,Email\nZoë,z@gmail.com\n'))).toBe('Name,Email\nZoë,z@gmail.com\n');
  });

  it('Windows-1252, as Excel saves plain CSV in Western Europe: its letters kept, and a mark for UTF-8 out', () => {
    // "Müller;Ça" in Windows-1252: ü is 0xFC and Ç 0xC7, neither of them UTF-8.
    expect(listFileText(bytes(0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x3b, 0xc7, 0x61))).toBe('\uFEFFMüller;Ça');
  });
});
