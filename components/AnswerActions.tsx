/** What a person can do from the card: its buttons and links, the clipboard, and the notes that explain them. */
import { useState } from 'react';
import type { linkForThem, searchActionFor } from '#core/links.ts';
import { safeLinkUrl } from '#core/links.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import type { ResultAction } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import { useWordProps } from './words.ts';

export function ActionButton({
  action,
  onLookUp,
  onOpenOptions,
}: {
  action: ResultAction;
  onLookUp: () => void;
  onOpenOptions: () => void;
}) {
  const wordProps = useWordProps();
  if (action.kind === 'link') {
    const href = safeLinkUrl(action.href);
    return href ? (
      <a
        className="wl-link wl-link-primary"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        {...wordProps(action.label, { named: true })}
      />
    ) : null;
  }
  return (
    <button
      type="button"
      className="wl-button"
      data-testid={action.kind}
      disabled={action.kind === 'look-up' && action.waiting}
      onClick={action.kind === 'look-up' ? onLookUp : onOpenOptions}
      {...wordProps(action.label, { named: true })}
    />
  );
}
/** Looks the domain up again past every cache. */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  const wordProps = useWordProps();
  return (
    <button
      type="button"
      className="wl-button"
      data-testid="refresh"
      onClick={onRefresh}
      {...wordProps(t('cardRefresh'), { named: true })}
    />
  );
}
/** What a button copied last, for it to say so. */
export type Copied = 'address' | 'link' | 'search' | 'suggestion';

/** Copies text to the clipboard, and which button copied last (null when the clipboard refused it). */
export function useCopy(): [Copied | null, (text: string, what: Copied) => void] {
  const [copied, setCopied] = useState<Copied | null>(null);
  const copy = (text: string, what: Copied) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  };
  return [copied, copy];
}
export interface FoundActionsProps {
  address: string;
  info: WebmailInfo;
  search: ReturnType<typeof searchActionFor>;
  forThem: ReturnType<typeof linkForThem>;
  copied: Copied | null;
  copy: (text: string, what: Copied) => void;
  onRefresh: () => void;
}

/** What a person can do with a found answer: open the mailbox or search it, copy, and look up again. */
export function FoundActions({ address, info, search, forThem, copied, copy, onRefresh }: FoundActionsProps) {
  const wordProps = useWordProps();
  const webmailUrl = safeLinkUrl(info.webmail_url);
  return (
    <div className="wl-actions">
      {webmailUrl && (
        <a
          className="wl-link wl-link-primary"
          data-testid="open-webmail"
          href={webmailUrl}
          target="_blank"
          rel="noopener noreferrer"
          {...wordProps(t('cardOpenWebmail'), { named: true })}
        />
      )}
      {search && (
        <a
          className="wl-link"
          data-testid="search-webmail"
          data-search={search.kind}
          href={search.url}
          target="_blank"
          rel="noopener noreferrer"
          // Outlook has no search link: the query goes to the clipboard as the mailbox opens.
          onClick={search.kind === 'open-and-paste' ? () => copy(search.query, 'search') : undefined}
          {...wordProps(t('cardSearchMailbox'), { named: true })}
        />
      )}
      <button
        type="button"
        className="wl-button"
        data-testid="copy-address"
        onClick={() => copy(address, 'address')}
        {...wordProps(copied === 'address' ? t('cardCopied') : t('cardCopyAddress'), { named: true })}
      />
      {forThem?.kind === 'link' && (
        <button
          type="button"
          className="wl-button"
          data-testid="copy-link-for-them"
          onClick={() => copy(forThem.url, 'link')}
          {...wordProps(copied === 'link' ? t('cardLinkCopied') : t('cardCopyLinkForThem'), { named: true })}
        />
      )}
      <RefreshButton onRefresh={onRefresh} />
    </div>
  );
}
/** Why the search or the link for the customer works as it does: Outlook's pasted query, or no link. */
export function ActionNotes({
  info,
  search,
  forThem,
  copied,
}: Pick<FoundActionsProps, 'info' | 'search' | 'forThem' | 'copied'>) {
  const wordProps = useWordProps();
  return (
    <>
      {search?.kind === 'open-and-paste' && (
        <p
          className="wl-note"
          data-testid="search-paste-note"
          {...wordProps(copied === 'search' ? t('cardSearchCopied') : t('cardSearchOpensOutlook'))}
        />
      )}
      {forThem?.kind === 'unavailable' && (
        <p
          className="wl-note"
          data-testid="link-for-them-unavailable"
          {...wordProps(
            forThem.reason === 'relay' ? t('linkForThemRelay') : t('linkForThemNoSearch', info.nice_name),
          )}
        />
      )}
    </>
  );
}
