// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LookupResult } from '#extension/lookup-result.ts';
import { useDomainLookup } from './use-domain-lookup.ts';

function deferred() {
  let resolve: (value: LookupResult) => void = () => {};
  const promise = new Promise<LookupResult>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const answer = (message: string): LookupResult => ({ state: 'unreachable', message });

describe('useDomainLookup', () => {
  it("keeps the latest lookup's answer when an earlier one arrives after it", async () => {
    const { result } = renderHook(() => useDomainLookup());
    const first = deferred();
    const second = deferred();
    let followingFirst: Promise<void> = Promise.resolve();
    let followingSecond: Promise<void> = Promise.resolve();
    act(() => {
      followingFirst = result.current.follow(first.promise);
    });
    act(() => {
      followingSecond = result.current.follow(second.promise);
    });
    expect(result.current.result).toBeNull();
    await act(async () => {
      second.resolve(answer('second'));
      await followingSecond;
    });
    await act(async () => {
      first.resolve(answer('first'));
      await followingFirst;
    });
    expect(result.current.result).toEqual(answer('second'));
  });
});
