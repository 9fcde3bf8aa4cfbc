import { type KeyboardEventHandler, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { AddressRow as Row } from '#address-table/rows.ts';
import { ResultCard } from '#components/ResultCard.tsx';
import { verdictGroupWords } from '#extension/describe-result.ts';
import { type MessageKey, t, tCount } from '#extension/i18n.ts';
import type { Settings } from '#extension/settings.ts';
import { type FoundVerdict, isFoundVerdict } from '#extension/verdict.ts';
import { AddressRow, OPEN_CARD_ID } from './AddressRow.tsx';
import {
  filterRows,
  GROUPINGS,
  type Grouping,
  type GroupKind,
  groupRows,
  type RowGroup,
} from './address-list.ts';
import { useListKeys } from './use-list-keys.ts';

const GROUPING_WORDS: Record<Grouping, MessageKey> = {
  page: 'popupGroupPage',
  domain: 'popupGroupDomain',
  provider: 'popupGroupProvider',
  flag: 'popupGroupFlag',
  mailbox: 'popupGroupMailbox',
  role: 'popupGroupRole',
};

/** The kinds of group named by their data: a domain, a provider, a mailbox. */
const NAMED_KINDS = ['all', 'domain', 'provider', 'mailbox'] as const;
type NamedKind = (typeof NAMED_KINDS)[number];
const isNamed = (kind: GroupKind): kind is NamedKind => (NAMED_KINDS as readonly GroupKind[]).includes(kind);

/** The headings of the groups that are neither named by their data nor a verdict. */
const GROUP_WORDS: Record<Exclude<GroupKind, NamedKind | FoundVerdict>, MessageKey> = {
  'no-answer': 'popupGroupNoAnswer',
  'not-looked-up': 'popupGroupNotLookedUp',
  role: 'popupRoleMark',
  other: 'popupGroupOtherAddresses',
};

/** A group's heading in words: a domain, provider or mailbox by its name, the others by what they hold. */
function groupName({ kind, name }: RowGroup): string {
  if (isNamed(kind)) return name;
  return isFoundVerdict(kind) ? verdictGroupWords(kind) : t(GROUP_WORDS[kind]);
}

/** The columns of a row: the logo, the address with its provider and marks, the links. */
const COLUMN_COUNT = 3;

/** The rows the filter keeps, and the grouping of the list; the list follows the filter when React has time. */
function useListView(rows: Row[]) {
  const [query, setQuery] = useState('');
  const [grouping, setGrouping] = useState<Grouping>('page');
  // Typing stays with the field; the list follows when React has time (a keystroke never waits for 500 rows).
  const shownQuery = useDeferredValue(query);
  // The filter hides rows rather than removing them: bringing 480 rows back after a Backspace is then an
  // attribute each, not 480 rows built again (bench/popup-list.ts measures both keystrokes).
  const shown = useMemo(
    () => new Set(filterRows(rows, shownQuery).map((row) => row.address)),
    [rows, shownQuery],
  );
  const groups = useMemo(() => groupRows(rows, grouping), [rows, grouping]);
  return { query, setQuery, grouping, setGrouping, filtered: shownQuery.trim() !== '', shown, groups };
}

type ListView = ReturnType<typeof useListView>;

/** The filter and the grouping buttons, kept in sight above the list. */
function ListControls(props: { view: ListView; onFilterKeyDown: KeyboardEventHandler<HTMLInputElement> }) {
  const { view, onFilterKeyDown } = props;
  return (
    <div className="list-controls">
      <input
        type="search"
        data-testid="list-filter"
        aria-label={t('popupFilterLabel')}
        placeholder={t('popupFilterPlaceholder')}
        value={view.query}
        onChange={(event) => view.setQuery(event.target.value)}
        onKeyDown={onFilterKeyDown}
      />
      <fieldset className="grouping" aria-label={t('popupGroupBy')}>
        {GROUPINGS.map((value) => (
          <button
            key={value}
            type="button"
            className="wl-button small"
            data-testid={`group-by-${value}`}
            aria-pressed={view.grouping === value}
            onClick={() => view.setGrouping(value)}
          >
            {t(GROUPING_WORDS[value])}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** What every row of the list is shown with. */
interface ListRowsProps {
  /** The domains whose lookup is on its way. */
  loading: ReadonlySet<string>;
  settings: Settings;
  shown: Set<string>;
  /** The row that holds the list's one stop for Tab. */
  activeAddress: string | null;
  open: string | null;
  onToggle: (address: string) => void;
  onFocusRow: (address: string) => void;
  /** A row's own button: a plain lookup. */
  onLookUpRow: (domain: string) => void;
  onLookUp: (domain: string, refresh?: boolean) => void;
}

/** The full card of the row opened, in a row of its own under it. */
function OpenCardRow({ row, loading, settings, onLookUp }: { row: Row } & ListRowsProps) {
  return (
    <tr className="card-row" id={OPEN_CARD_ID}>
      <td colSpan={COLUMN_COUNT}>
        <ResultCard
          address={row.address}
          // Not looked up: the card says lookups wait for a click, and its button asks.
          result={loading.has(row.domain) ? null : (row.result ?? { state: 'over-budget' })}
          searchQueryTemplate={settings.searchQueryTemplate}
          sendingAddresses={settings.sendingAddresses}
          onRefresh={() => onLookUp(row.domain, true)}
          onLookUp={() => onLookUp(row.domain)}
          onOpenOptions={() => void browser.runtime.openOptionsPage()}
        />
      </td>
    </tr>
  );
}

/** One group of the list: its heading (but for the page's one group), its rows, and the card of the row open. */
function GroupBody({ group, ...list }: { group: RowGroup } & ListRowsProps) {
  const groupShown = group.rows.filter((row) => list.shown.has(row.address)).length;
  return (
    <tbody
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
        const shown = list.shown.has(row.address);
        const open = shown && row.address === list.open;
        const line = (
          <AddressRow
            key={row.address}
            row={row}
            hidden={!shown}
            loading={list.loading.has(row.domain)}
            active={row.address === list.activeAddress}
            open={open}
            onToggle={list.onToggle}
            onFocusRow={list.onFocusRow}
            onLookUp={list.onLookUpRow}
          />
        );
        return open ? [line, <OpenCardRow key={`${row.address} card`} row={row} {...list} />] : [line];
      })}
    </tbody>
  );
}

/**
 * The tab's addresses as a list to work through: a filter (address, domain, provider), a grouping, one
 * compact row per address, and the full card of the row opened. The list is one stop for Tab (a roving
 * tabindex), and the row it stops at lends Tab to its links; its keys are useListKeys'.
 */
export function AddressList(props: {
  rows: Row[];
  loading: ReadonlySet<string>;
  settings: Settings;
  onLookUp: (domain: string, refresh?: boolean) => void;
}) {
  const { rows, loading, settings, onLookUp } = props;
  const view = useListView(rows);
  const [active, setActive] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const toggle = useCallback((address: string) => setOpen((now) => (now === address ? null : address)), []);
  const onLookUpRow = useCallback((domain: string) => onLookUp(domain), [onLookUp]);
  const keys = useListKeys(table, open, setOpen, toggle);
  // The first row drawn: groups draw in their own order, not the page's.
  const firstShown =
    view.groups.flatMap((group) => group.rows).find((row) => view.shown.has(row.address))?.address ?? null;
  const activeAddress = active !== null && view.shown.has(active) ? active : firstShown;
  const list: ListRowsProps = {
    loading,
    settings,
    shown: view.shown,
    activeAddress,
    open,
    onToggle: toggle,
    onFocusRow: setActive,
    onLookUpRow,
    onLookUp,
  };
  return (
    <>
      <ListControls view={view} onFilterKeyDown={keys.onFilterKeyDown} />
      {view.filtered && (
        <p className="muted" role="status" data-testid="list-shown">
          {view.shown.size
            ? tCount('popupFilterShown', rows.length, view.shown.size)
            : t('popupFilterNoMatch')}
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
        onKeyDown={keys.onTableKeyDown}
      >
        {view.groups.map((group) => (
          <GroupBody key={group.key} group={group} {...list} />
        ))}
      </table>
    </>
  );
}
