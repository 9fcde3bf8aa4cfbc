// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isSkippedText } from './readable-text.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

/** Whether the text of the element `selector` finds is skipped. */
const skipped = (selector: string) => isSkippedText(document.querySelector(selector) as Element);

describe('which texts are read, by their place', () => {
  it('skips code, styles, fields and titles, and reads the rest', () => {
    document.body.innerHTML = `
      <script>var a = 'x@example.com'</script><style>/* x@example.com */</style><textarea>x@example.com</textarea>
      <select><option>x@example.com</option></select><svg><title>x@example.com</title></svg><p>x@example.com</p>`;
    expect(['script', 'style', 'textarea', 'option', 'title'].map(skipped)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(skipped('p')).toBe(false);
  });

  it("skips the person's draft, by the nearest contenteditable, but not a read-only island in it", () => {
    document.body.innerHTML = `
      <div contenteditable="TRUE"><p id="draft">x</p><div contenteditable="false"><p id="island">x</p></div></div>
      <div contenteditable><p id="plain">x</p></div>`;
    expect(skipped('#draft')).toBe(true);
    expect(skipped('#island')).toBe(false);
    // An empty attribute is `true`.
    expect(skipped('#plain')).toBe(true);
  });
});
