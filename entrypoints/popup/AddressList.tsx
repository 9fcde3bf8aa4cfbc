import { type KeyboardEvent, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { AddressRow as Row } from '#address-table/rows.ts';
import { ResultCard } from '#components/ResultCard.tsx';
import { type MessageKey, t } from '#extension/i18n.ts';
import type { Settings } from '#settings/schema.ts';
import { AddressRow, OPEN_CARD_ID } from './AddressRow.tsx';
import {
  filterRows,
  GROUPINGS,
  type Grouping,
  type GroupKind,
  groupRows,
  type RowGroup,
} from './address-list.ts';
import type { DomainState } from './use-domain-results.ts';

const GROUPING_WORDS: Record<Grouping, MessageKey> = {
  page: 'popupGroupPage',
  domain: 'popupGroupDomain',
  provider: 'popupGroupProvider',
  flag: 'popupGroupFlag',
};

/** A group's heading in words: a domain or provider by its name, the others by what they hold. */
const GROUP_WORDS: Record<Exclude<GroupKind, 'all' | 'domain' | 'provider'>, MessageKey> = {
  disposable: 'flagDisposable',
  privacy: 'flagPrivacy',
  freemail: 'flagFreemail',
  'no-flag': 'popupGroupNoFlag',
  'no-answer': 'popupGroupNoAnswer',
  'not-looked-up': 'popupGroupNotLookedUp',
};

function groupName(group: RowGroup): string {
  return group.kind === 'all' || group.kind === 'domain' || group.kind === 'provider'
    ? group.name
    : t(GROUP_WORDS[group.kind]);
}

/** The rows a person can reach: a row the filter leaves out is hidden, not removed (see AddressList). */
const ROW_SELECTOR = 'tr[data-testid="address-row"]:not([hidden])';
/** The columns of a row: the logo, the address and provider, the flags, the links. */
const COLUMN_COUNT = 4;

/**
 * The tab's addresses as a list to work through: a filter (address, domain, provider), a grouping, one
 * compact row per address, and the full card of the row opened. Arrow keys (and Home, End) move between
 * rows, Enter opens a row's card and closes it, Escape closes it; the list is one stop for Tab (a roving
 * tabindex), and the row it stops at lends Tab to its links.
 */
export function AddressList({
  rows,
  results,
  settings,
  onLookUp,
}: {
  rows: Row[];
  results: Record<string, DomainState>;
  settings: Settings;
  onLookUp: (domain: string, refresh?: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const [grouping, setGrouping] = useState<Grouping>('page');
  const [active, setActive] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);
  // Typing stays with the field; the list follows when React has time (a keystroke never waits for 500 rows).
  const shownQuery = useDeferredValue(query);
  // The filter hides rows rather than removing them: bringing 480 rows back after a Backspace is then an
  // attribute each, not 480 rows built again (bench/popup-list.ts measures both keystrokes).
  const shown = useMemo(
    () => new Set(filterRows(rows, shownQuery).map((row) => row.address)),
    [rows, shownQuery],
  );
  const groups = useMemo(() => groupRows(rows, grouping), [rows, grouping]);
  const firstShown = rows.find((row) => shown.has(row.address))?.address ?? null;
  const activeAddress = active !== null && shown.has(active) ? active : firstShown;

  const toggle = useCallback((address: string) => setOpen((now) => (now === address ? null : address)), []);
  const lookUp = useCallback((domain: string) => onLookUp(domain), [onLookUp]);

  const rowElements = () => [...(table.current?.querySelectorAll<HTMLElement>(ROW_SELECTOR) ?? [])];
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Escape' && open !== null) {
      event.preventDefault();
      rowElements()
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
    const all = rowElements();
    const index = all.indexOf(row);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, next))]?.focus();
  };
  const fromFilter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    rowElements()[0]?.focus();
  };

  const card = (row: Row) => {
    const state = results[row.domain] ?? null;
    return (
      <tr className="card-row" id={OPEN_CARD_ID} key={`${row.address} card`}>
        <td colSpan={COLUMN_COUNT}>
          <ResultCard
            address={row.address}
            // Not looked up: the card says lookups wait for a click, and its button asks.
            result={state === 'loading' ? null : (state ?? { state: 'over-budget' })}
            searchQueryTemplate={settings.searchQueryTemplate}
            sendingAddresses={settings.sendingAddresses}
            onRefresh={() => onLookUp(row.domain, true)}
            onLookUp={() => onLookUp(row.domain)}
            onOpenOptions={() => void browser.runtime.openOptionsPage()}
          />
        </td>
      </tr>
    );
  };

  return (
    <>
      <div className="list-controls">
        <input
          type="search"
          data-testid="list-filter"
          aria-label={t('popupFilterLabel')}
          placeholder={t('popupFilterPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={fromFilter}
        />
        <fieldset className="grouping" aria-label={t('popupGroupBy')}>
          {GROUPINGS.map((value) => (
            <button
              key={value}
              type="button"
              className="wl-button small"
              data-testid={`group-by-${value}`}
              aria-pressed={grouping === value}
              onClick={() => setGrouping(value)}
            >
              {t(GROUPING_WORDS[value])}
            </button>
          ))}
        </fieldset>
      </div>
      {shownQuery.trim() && (
        <p className="muted" role="status" data-testid="list-shown">
          {shown.size ? t('popupFilterShown', shown.size, rows.length) : t('popupFilterNoMatch')}
        </p>
      )}
      <p className="muted hint" id="address-list-hint">
        {t('popupListHint')}
      </p>
      <table
        ref={table}
        className="address-list"
        aria-label={t('popupListLabel')}
        aria-describedby="address-list-hint"
        onKeyDown={onKeyDown}
      >
        {groups.map((group) => {
          const groupShown = group.rows.filter((row) => shown.has(row.address)).length;
          return (
            <tbody
              key={group.key}
              data-testid="address-group"
              data-kind={group.kind}
              data-name={group.name}
              hidden={groupShown === 0}
            >
              {group.kind !== 'all' && (
                <tr className="group-head">
                  <th colSpan={COLUMN_COUNT} scope="colgroup">
                    {t('popupGroupHeading', groupName(group), groupShown)}
                  </th>
                </tr>
              )}
              {group.rows.flatMap((row) => {
                const line = (
                  <AddressRow
                    key={row.address}
                    row={row}
                    hidden={!shown.has(row.address)}
                    loading={results[row.domain] === 'loading'}
                    active={row.address === activeAddress}
                    open={row.address === open && shown.has(row.address)}
                    onToggle={toggle}
                    onFocusRow={setActive}
                    onLookUp={lookUp}
                  />
                );
                return row.address === open && shown.has(row.address) ? [line, card(row)] : [line];
              })}
            </tbody>
          );
        })}
      </table>
    </>
  );
}
