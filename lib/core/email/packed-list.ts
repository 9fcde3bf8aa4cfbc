/**
 * A sorted list of lower-case names written with the prefix each shares with the one before it left out
 * (front coding): each name is a capital letter, A for nothing shared, B for one letter, and so on, then
 * the rest of the name. The IANA top-level domains (ASCII forms) are 9.5 KB as a space-separated string and
 * 5.9 KB so, in the content script that runs on every page.
 */
const A = 65;
/** The most a name can share: the letters A to Z. */
const MAX_SHARED = 25;

export function packSortedNames(names: readonly string[]): string {
  const sorted = [...names].sort();
  let previous = '';
  let packed = '';
  for (const name of sorted) {
    if (name === '' || /[A-Z]/.test(name)) throw new Error(`packSortedNames: "${name}" cannot be packed`);
    let shared = 0;
    while (shared < MAX_SHARED && shared < previous.length && previous[shared] === name[shared]) shared++;
    packed += String.fromCharCode(A + shared) + name.slice(shared);
    previous = name;
  }
  return packed;
}

export function unpackNames(packed: string): string[] {
  const names: string[] = [];
  let previous = '';
  for (let start = 0; start < packed.length; ) {
    let end = start + 1;
    while (end < packed.length && !isCapital(packed.charCodeAt(end))) end++;
    previous = previous.slice(0, packed.charCodeAt(start) - A) + packed.slice(start + 1, end);
    names.push(previous);
    start = end;
  }
  return names;
}

const isCapital = (code: number) => code >= A && code <= A + MAX_SHARED;
