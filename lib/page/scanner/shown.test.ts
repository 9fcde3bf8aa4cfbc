// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { composedParent, isShown, isWithin } from './shown.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shown parts of the page', () => {
  it('takes an element under display: none, or visibility: hidden, as hidden', () => {
    document.body.innerHTML = `
      <div id="cached" style="display: none"><p id="in-cached">a</p></div>
      <div style="visibility: hidden"><p id="invisible">b</p></div>
      <div><p id="shown">c</p></div>`;
    expect(isShown(document.getElementById('in-cached') as Element)).toBe(false);
    expect(isShown(document.getElementById('invisible') as Element)).toBe(false);
    expect(isShown(document.getElementById('shown') as Element)).toBe(true);
  });

  it('takes an element with no box of its own (display: contents) as its parent', () => {
    document.body.innerHTML = `
      <div><span id="contents" style="display: contents">a</span></div>
      <div style="display: none"><span id="hidden-contents" style="display: contents">b</span></div>`;
    expect(isShown(document.getElementById('contents') as Element)).toBe(true);
    expect(isShown(document.getElementById('hidden-contents') as Element)).toBe(false);
  });

  it('goes up and looks inside across shadow roots', () => {
    document.body.innerHTML = '<div id="page"><contact-card></contact-card></div>';
    const host = document.querySelector('contact-card') as Element;
    const link = document.createElement('a');
    host.attachShadow({ mode: 'open' }).append(link);
    expect(composedParent(link)).toBe(host);
    expect(isWithin(document.getElementById('page') as Element, link)).toBe(true);
    expect(isWithin(link, host)).toBe(false);
  });
});
