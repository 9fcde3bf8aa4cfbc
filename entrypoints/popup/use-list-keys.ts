import { type KeyboardEvent, type RefObject, useCallback } from 'react';

/** The rows a person can reach: a row the filter leaves out is hidden, not removed (see AddressList). */
const ROW_SELECTOR = 'tr[data-testid="address-row"]:not([hidden])';

/** Where an arrow key, Home or End moves from the row at `index` of `count`; undefined for any other key. */
function rowAfterKey(key: string, index: number, count: number): number | undefined {
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[key];
  return next === undefined ? undefined : Math.max(0, Math.min(count - 1, next));
}

/**
 * The list's keys: arrow keys (and Home, End) move between rows, Enter or Space opens a row's card and
 * closes it, Escape closes it and gives the focus back to its row; ArrowDown in the filter goes to the
 * first row.
 */
export function useListKeys(
  table: RefObject<HTMLTableElement | null>,
  open: string | null,
  setOpen: (address: string | null) => void,
  toggle: (address: string) => void,
) {
  const rows = useCallback(
    () => [...(table.current?.querySelectorAll<HTMLElement>(ROW_SELECTOR) ?? [])],
    [table],
  );
  const onTableKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Escape' && open !== null) {
      event.preventDefault();
      rows()
        .find((element) => element.dataset.address === open)
        ?.focus();
      setOpen(null);
      return;
    }
    const row = event.target as HTMLElement;
    if (!row.matches(ROW_SELECTOR)) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggle(row.dataset.address ?? '');
      return;
    }
    const all = rows();
    const next = rowAfterKey(event.key, all.indexOf(row), all.length);
    if (next === undefined) return;
    event.preventDefault();
    all[next]?.focus();
  };
  const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    rows()[0]?.focus();
  };
  return { onTableKeyDown, onFilterKeyDown };
}
