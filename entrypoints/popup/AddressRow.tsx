import { type MouseEvent, memo } from 'react';
import { COLUMNS, type AddressRow as Row } from '#address-table/rows.ts';
import { ProviderLogo } from '#components/ProviderLogo.tsx';
import { notFoundLine } from '#extension/describe-result.ts';
import { type MessageKey, t } from '#extension/i18n.ts';

/** The id of the one full card open under its row. */
export const OPEN_CARD_ID = 'open-card';

/**
 * The flags as marks: the row's column, its test id, its name, and the short word shown. A word of the
 * person's language reads without a legend, where a letter ("F") meant something in English alone.
 */
const MARKS = [
  { column: 'disposable', testId: 'flag-disposable', name: 'flagDisposable', word: 'popupMarkDisposable' },
  { column: 'free_mail', testId: 'flag-freemail', name: 'flagFreemail', word: 'popupMarkFreemail' },
  { column: 'privacy_relay', testId: 'flag-privacy', name: 'flagPrivacy', word: 'popupMarkPrivacy' },
] as const satisfies readonly { column: keyof Row; testId: string; name: MessageKey; word: MessageKey }[];

/** A flag that is set, as a short word with the flag's full name; one that is not, as an empty mark with its value. */
function Mark({ mark, on }: { mark: (typeof MARKS)[number]; on: boolean }) {
  if (!on) return <span className="mark" data-testid={mark.testId} data-value="false" aria-hidden="true" />;
  const name = t(mark.name);
  return (
    <span
      className={`mark mark-${mark.testId}`}
      data-testid={mark.testId}
      data-value="true"
      role="img"
      aria-label={name}
      title={name}
    >
      {t(mark.word)}
    </span>
  );
}

/** A row's link out (its webmail, its search): the row's URLs are http(s) already (lib/address-table/rows.ts). */
function RowLink(props: { testId: string; href: string; tabIndex: number; label: string; text: string }) {
  return (
    <a
      data-testid={props.testId}
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={props.tabIndex}
      aria-label={props.label}
    >
      {props.text}
    </a>
  );
}

export interface AddressRowProps {
  row: Row;
  /** Left out by the filter: kept in the table, hidden. */
  hidden: boolean;
  loading: boolean;
  /** The row that holds the list's one stop for Tab (its links take Tab only while it does). */
  active: boolean;
  open: boolean;
  onToggle: (address: string) => void;
  onFocusRow: (address: string) => void;
  onLookUp: (domain: string) => void;
}

/**
 * What the row says where a provider's name would be, when its domain has none (yet): for a domain with no
 * provider, the card's verdict ("Will bounce: this domain takes no mail" is not "A mailbox we can't name").
 */
function stateWords(row: Row, loading: boolean): string {
  if (loading) return t('popupRowLoading');
  if (row.status === 'not-looked-up') return t('popupRowNotLookedUp');
  return notFoundLine(row.verdict) ?? t('popupRowNoAnswer');
}

/**
 * What the address says of itself, under it: a shared inbox as a mark named in words, and the address a
 * typo meant, as text a person can select.
 */
function RowNotes({ row }: { row: Row }) {
  if (row.role !== 'true' && !row.did_you_mean) return null;
  return (
    <span className="notes">
      {row.role === 'true' && (
        <span
          className="mark-role"
          data-testid="role-mark"
          role="img"
          aria-label={t('popupRoleMark')}
          title={t('cardSharedInbox')}
        >
          {t('popupRoleMark')}
        </span>
      )}
      {row.did_you_mean && (
        <span className="did-you-mean" data-testid="did-you-mean">
          {t('cardDidYouMean', row.did_you_mean)}
        </span>
      )}
    </span>
  );
}

/** The address, what it says of itself, and under it the provider's name, or what the row says without one. */
function WhoCell({ row, loading }: { row: Row; loading: boolean }) {
  return (
    <td className="who">
      <span className="address" data-testid="page-address" title={row.address}>
        {row.address}
      </span>
      <RowNotes row={row} />
      {row.status === 'found' ? (
        <span className="provider" data-testid="provider-nice-name">
          {row.provider}
        </span>
      ) : (
        <span className="provider muted">{stateWords(row, loading)}</span>
      )}
    </td>
  );
}

/** The row's links out, or its button that looks the domain up where it waits for a click. */
function LinksCell({
  row,
  loading,
  tabIndex,
  onLookUp,
}: Pick<AddressRowProps, 'row' | 'loading' | 'onLookUp'> & { tabIndex: number }) {
  return (
    <td className="links">
      {row.webmail_url && (
        <RowLink
          testId="open-webmail"
          href={row.webmail_url}
          tabIndex={tabIndex}
          label={t('popupRowOpenLabel', row.address)}
          text={t('popupRowOpen')}
        />
      )}
      {row.search_url && (
        <RowLink
          testId="search-webmail"
          href={row.search_url}
          tabIndex={tabIndex}
          label={t('popupRowSearchLabel', row.address)}
          text={t('popupRowSearch')}
        />
      )}
      {row.status === 'not-looked-up' && !loading && (
        <button
          type="button"
          className="wl-button small"
          data-testid="lookup-domain"
          tabIndex={tabIndex}
          aria-label={t('popupLookupDomain', row.domain)}
          onClick={() => onLookUp(row.domain)}
        >
          {t('popupRowLookUp')}
        </button>
      )}
    </td>
  );
}

/**
 * One address of the tab as a compact row: the provider's logo and name, the flags as marks, and links to
 * open the webmail and search the mailbox. A click on the row, or Enter on it, opens its full card.
 */
function AddressRowView(props: AddressRowProps) {
  const { row, hidden, loading, active, open, onToggle, onFocusRow } = props;
  const tabIndex = active ? 0 : -1;
  const toggle = (event: MouseEvent) => {
    if (!(event.target as Element).closest('a, button')) onToggle(row.address);
  };
  return (
    <tr
      className="address-row"
      data-testid="address-row"
      data-address={row.address}
      data-domain={row.domain}
      data-state={loading ? 'loading' : row.status}
      hidden={hidden}
      tabIndex={tabIndex}
      // A row of a table cannot say it is expanded (only a treegrid's can): it names the card open under it.
      aria-details={open ? OPEN_CARD_ID : undefined}
      onClick={toggle}
      onFocus={(event) => event.target === event.currentTarget && onFocusRow(row.address)}
    >
      <td className="logo-cell">{row.status === 'found' && <ProviderLogo niceName={row.provider} />}</td>
      <WhoCell row={row} loading={loading} />
      <td className="marks">
        {MARKS.map((mark) => (
          <Mark key={mark.testId} mark={mark} on={row[mark.column] === 'true'} />
        ))}
      </td>
      <LinksCell row={row} loading={loading} tabIndex={tabIndex} onLookUp={props.onLookUp} />
    </tr>
  );
}

/** Rows are made afresh with each answer; a row renders again only when what it shows changed. */
export const AddressRow = memo(
  AddressRowView,
  (before, after) =>
    COLUMNS.every((column) => before.row[column] === after.row[column]) &&
    before.hidden === after.hidden &&
    before.loading === after.loading &&
    before.active === after.active &&
    before.open === after.open &&
    before.onToggle === after.onToggle &&
    before.onFocusRow === after.onFocusRow &&
    before.onLookUp === after.onLookUp,
);
