import { type MouseEvent, memo } from 'react';
import type { AddressRow as Row } from '#address-table/rows.ts';
import { addressText } from '#components/AddressText.tsx';
import { FLAG_TEST_IDS } from '#components/AnswerVerdict.tsx';
import { ProviderLogo } from '#components/ProviderLogo.tsx';
import { FLAG_WORDS, verdictWords } from '#extension/describe-result.ts';
import { type MessageKey, t } from '#extension/i18n.ts';
import { FLAGS, type Flag } from '#extension/verdict.ts';

/** The id of the one full card open under its row. */
export const OPEN_CARD_ID = 'open-card';

/**
 * Each flag's mark: the short word shown, its full name (FLAG_WORDS) said to a screen reader. A word of the
 * person's language reads without a legend, where a letter ("F") meant something in English alone.
 */
const MARK_WORDS: Record<Flag, MessageKey> = {
  disposable: 'popupMarkDisposable',
  freeMail: 'popupMarkFreeMail',
  privacyRelay: 'popupMarkPrivacyRelay',
};

/*
 * The parts of a row are plain functions, not components: a popup lists hundreds of rows, and each component
 * is one more piece of work for React in every row (bench/popup-list.ts times the list).
 */

/** A flag that is set, as a short word with the flag's full name; one that is not, as an empty mark with its value. */
function markOf(flag: Flag, on: boolean) {
  const testId = FLAG_TEST_IDS[flag];
  if (!on) return <span key={flag} className="mark" data-testid={testId} data-value="false" />;
  const name = t(FLAG_WORDS[flag]);
  return (
    <span
      key={flag}
      className="mark"
      data-testid={testId}
      data-value="true"
      role="img"
      aria-label={name}
      title={name}
    >
      {t(MARK_WORDS[flag])}
    </span>
  );
}

/** A row's link out (its webmail, its search): the row's URLs are http(s) already (lib/address-table/rows.ts). */
function linkOf(testId: string, href: string, tabIndex: number, label: string, text: string) {
  return (
    <a
      data-testid={testId}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={tabIndex}
      aria-label={label}
    >
      {text}
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
 * provider, the card's verdict line ("Will bounce: this domain takes no mail" is not "A mailbox we can't
 * name"); for a lookup that failed, that it has no answer.
 */
function stateWords(row: Row, loading: boolean): string {
  if (loading) return t('popupRowLoading');
  if (row.status === 'not-looked-up') return t('popupRowNotLookedUp');
  return row.verdict ? verdictWords(row.verdict, null).line : t('popupRowNoAnswer');
}

/** The flags of the row's answer as marks, and a shared inbox as a mark too: beside the provider's name. */
function marksOf(row: Row) {
  return (
    <>
      {FLAGS.map((flag) => markOf(flag, row.flags?.[flag] === true))}
      {row.role && (
        <span
          className="mark"
          data-testid="role-mark"
          role="img"
          aria-label={t('popupRoleMark')}
          title={t('cardSharedInbox')}
        >
          {t('popupRoleMark')}
        </span>
      )}
    </>
  );
}

/**
 * The address, and under it on one line the provider's name (or what the row says without one) with the
 * marks; the address a typo meant, as text a person can select, on a line of its own where there is one.
 */
function whoCellOf(row: Row, loading: boolean) {
  return (
    <td className="who">
      <span className="address" data-testid="page-address">
        {addressText(row.address)}
      </span>
      <span className="about">
        {row.provider ? (
          <span className="provider" data-testid="provider-nice-name">
            {row.provider.niceName}
          </span>
        ) : (
          <span className="provider muted">{stateWords(row, loading)}</span>
        )}
        {marksOf(row)}
      </span>
      {row.didYouMean && (
        <span className="did-you-mean" data-testid="did-you-mean">
          {t('cardDidYouMean', row.didYouMean)}
        </span>
      )}
    </td>
  );
}

/** The row's links out, or its button that looks the domain up where it waits for a click. */
function linksCellOf({ row, loading, onLookUp }: AddressRowProps, tabIndex: number) {
  return (
    <td className="links">
      {row.webmailUrl &&
        linkOf(
          'open-webmail',
          row.webmailUrl,
          tabIndex,
          t('popupRowOpenLabel', row.address),
          t('popupRowOpen'),
        )}
      {row.searchUrl &&
        linkOf(
          'search-webmail',
          row.searchUrl,
          tabIndex,
          t('popupRowSearchLabel', row.address),
          t('popupRowSearch'),
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
 * One address of the tab as a compact row of two lines: the provider's logo; the address, and under it the
 * provider's name with the flags as marks; links to open the webmail and search the mailbox, one above the
 * other. A click on the row, or Enter on it, opens its full card.
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
      <td className="logo-cell">{row.provider && <ProviderLogo niceName={row.provider.niceName} />}</td>
      {whoCellOf(row, loading)}
      {linksCellOf(props, tabIndex)}
    </tr>
  );
}

/**
 * A row renders again only when what it shows changed: the popup keeps a row's object for as long as its
 * domain's lookup is the same (use-address-rows.ts), and its callbacks for as long as the list.
 */
export const AddressRow = memo(AddressRowView);
