import { describe, expect, it } from 'vitest';
import { spfDelegations, spfRecords, txtDelegations } from './spf.ts';

describe('spfRecords', () => {
  it('keeps the TXT records that start with the SPF version, whatever its case, trimmed', () => {
    const txt = [
      'google-site-verification=abc',
      'V=SPF1 include:_spf.google.com ~all',
      'v=spf10 include:not-spf.example',
      'v=spf1',
      'spf2.0/pra v=spf1 include:not-at-the-start.example',
      ' v=spf1 include:spaced.example ~all ',
      'MS=ms12345678',
    ];
    expect(spfRecords(txt)).toEqual([
      'V=SPF1 include:_spf.google.com ~all',
      'v=spf1',
      'v=spf1 include:spaced.example ~all',
    ]);
  });
});

describe('spfDelegations', () => {
  it('gives the targets of authorising includes and of the redirect, in order', () => {
    expect(
      spfDelegations('v=spf1 ip4:192.0.2.1 include:A.example. +include:b.example redirect=c.example'),
    ).toEqual(['a.example', 'b.example', 'c.example']);
  });

  it('leaves out includes that may not send: failing, soft-failing and neutral ones', () => {
    expect(spfDelegations('v=spf1 -include:a.example ~include:b.example ?include:c.example -all')).toEqual(
      [],
    );
  });

  it('leaves out a target built from macros, which names no single record', () => {
    expect(spfDelegations('v=spf1 include:%{ir}.%{v}.%{d}.spf.has.pphosted.com ~all')).toEqual([]);
  });

  it('reads no other mechanism as a delegation', () => {
    expect(spfDelegations('v=spf1 a:mail.example mx:mx.example exists:%{i}.example ptr ~all')).toEqual([]);
  });
});

describe('txtDelegations', () => {
  it('reads every SPF record a domain publishes, each target once', () => {
    const txt = ['v=spf1 include:a.example ~all', 'v=spf1 include:a.example include:b.example -all'];
    expect(txtDelegations(txt)).toEqual(['a.example', 'b.example']);
  });
});
