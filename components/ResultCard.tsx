import { useState } from 'react';
import { linkForThem, safeLinkUrl, searchActionFor } from '#core/links.ts';
import type { WebmailInfo } from '#core/webmail-info.ts';
import {
  describeEvidence,
  describeResult,
  describeSource,
  describeVerdict,
  type ResultAction,
  type Verdict,
  verdictOf,
} from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { AddressNotes } from './AddressNotes.tsx';
import { ProviderLogo } from './ProviderLogo.tsx';
import { useCountdown } from './use-countdown.ts';
import { useWordProps } from './words.ts';

export interface ResultCardProps {
  /** The address the card is about; for a bare domain, the domain. */
  address: string;
  /** null while the lookup is under way. */
  result: LookupResult | null;
  searchQueryTemplate: string;
  /** The person's own sending addresses (settings): with them, the card offers a link for the customer. */
  sendingAddresses?: string[];
  /** Looks the domain up again past every cache (skip_cache: a credit). */
  onRefresh: () => void;
  /** Looks the domain up on a click: after an error, or where lookups without a click are paused. */
  onLookUp: () => void;
  onOpenOptions: () => void;
  /** Over a page, the page's theme; unset, the card follows the system's. */
  theme?: 'light' | 'dark';
  /** For the answer's age and a wait's countdown; a prop so tests are deterministic. */
  now?: number;
}

/** The answer's three flags: said by the verdict line, and listed as they are under Details. */
const FLAGS = [
  { key: 'is_disposable', testId: 'flag-disposable', label: 'flagDisposable' },
  { key: 'is_freemail', testId: 'flag-freemail', label: 'flagFreemail' },
  { key: 'is_privacy_service', testId: 'flag-privacy', label: 'flagPrivacy' },
] as const;

function ActionButton({
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

/**
 * What the answer saw of the domain's records, where it says: the gateway in front of the mailbox, the
 * record that named the provider, and how sure that is.
 */
function Evidence({ info }: { info: WebmailInfo }) {
  const wordProps = useWordProps();
  const evidence = describeEvidence(info);
  if (!evidence) return null;
  return (
    <div className="wl-evidence" data-confidence={evidence.confidence}>
      {evidence.seen && <p data-testid="provider-evidence" {...wordProps(evidence.seen)} />}
      {evidence.sureness && (
        <p className="wl-sureness" data-testid="provider-confidence" {...wordProps(evidence.sureness)} />
      )}
    </div>
  );
}

/**
 * What matters about the address, in one line, with the provider's logo: "Gmail · free mail". Where the line
 * names the provider, its name is the nice name itself, apart, so that a long or right-to-left one stays in
 * its place.
 */
function VerdictLine({ verdict, info }: { verdict: Verdict; info: WebmailInfo }) {
  const wordProps = useWordProps();
  const { around } = verdict;
  return (
    <p className="wl-verdict">
      <ProviderLogo niceName={info.nice_name} />
      {around ? (
        <span className="wl-verdict-words" data-testid="verdict" data-kind={verdict.kind}>
          {around.before && <span {...wordProps(around.before)} />}
          {/* bdi: a right-to-left or control-character name from the API cannot reorder the rest of the card. */}
          <bdi className="wl-provider" data-testid="provider-nice-name" {...wordProps(info.nice_name)} />
          {around.after && <span {...wordProps(around.after)} />}
        </span>
      ) : (
        <span
          className="wl-verdict-words"
          data-testid="verdict"
          data-kind={verdict.kind}
          {...wordProps(verdict.line)}
        />
      )}
    </p>
  );
}

/**
 * The answer as the API gave it, closed until asked for: its own name for the provider ("Google (Public)"),
 * the nice name where the verdict line does not say it, and the three flags.
 */
function AnswerDetails({ verdict, info }: { verdict: Verdict; info: WebmailInfo }) {
  const wordProps = useWordProps();
  return (
    <details className="wl-details">
      <summary {...wordProps(t('cardDetails'), { named: true })} />
      <dl>
        {!verdict.around && (
          <>
            <dt {...wordProps(t('cardProvider'))} />
            <dd>
              <bdi data-testid="provider-nice-name" {...wordProps(info.nice_name)} />
            </dd>
          </>
        )}
        <dt {...wordProps(t('cardApiName'))} />
        <dd className="wl-name">
          <bdi data-testid="provider-name" {...wordProps(info.name)} />
        </dd>
      </dl>
      <ul className="wl-flags" aria-label={t('cardFlags')}>
        {FLAGS.map((flag) => (
          <li
            key={flag.key}
            className="wl-flag"
            data-testid={flag.testId}
            data-value={String(info[flag.key])}
            {...wordProps(t(info[flag.key] ? 'flagYes' : 'flagNo', t(flag.label)))}
          />
        ))}
      </ul>
    </details>
  );
}

/** Looks the domain up again past every cache. */
function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
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
type Copied = 'address' | 'link' | 'search' | 'suggestion';

/** Copies text to the clipboard, and which button copied last (null when the clipboard refused it). */
function useCopy(): [Copied | null, (text: string, what: Copied) => void] {
  const [copied, setCopied] = useState<Copied | null>(null);
  const copy = (text: string, what: Copied) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  };
  return [copied, copy];
}

/** Before an answer, or for one without a provider: loading, not found, or what went wrong, and what to do. */
function NoAnswer({
  result,
  now,
  onRefresh,
  onLookUp,
  onOpenOptions,
}: Pick<ResultCardProps, 'onRefresh' | 'onLookUp' | 'onOpenOptions'> & {
  result: LookupResult | null;
  now: number;
}) {
  const wordProps = useWordProps();
  const words = describeResult(result, now);
  const busy = result === null;
  return (
    <>
      <div
        className="wl-error"
        data-testid={busy ? 'loading' : 'error-message'}
        role={busy ? 'status' : 'alert'}
      >
        <p className="wl-error-title" {...wordProps(words.title)} />
        {words.detail && (
          <p
            className="wl-note"
            // A 429's wait counts down here each second: said once with the alert, not at every tick.
            aria-live={result?.state === 'rate-limited' ? 'off' : undefined}
            {...wordProps(words.detail)}
          />
        )}
      </div>
      {!busy && (
        <div className="wl-actions">
          {words.action && (
            <ActionButton action={words.action} onLookUp={onLookUp} onOpenOptions={onOpenOptions} />
          )}
          {result?.state === 'not-found' && <RefreshButton onRefresh={onRefresh} />}
        </div>
      )}
    </>
  );
}

interface FoundActionsProps {
  address: string;
  info: WebmailInfo;
  search: ReturnType<typeof searchActionFor>;
  forThem: ReturnType<typeof linkForThem>;
  copied: Copied | null;
  copy: (text: string, what: Copied) => void;
  onRefresh: () => void;
}

/** What a person can do with a found answer: open the mailbox or search it, copy, and look up again. */
function FoundActions({ address, info, search, forThem, copied, copy, onRefresh }: FoundActionsProps) {
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
function ActionNotes({
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

interface FoundAnswerProps {
  address: string;
  result: Extract<LookupResult, { state: 'found' }>;
  searchQueryTemplate: string;
  sendingAddresses: string[];
  copied: Copied | null;
  copy: (text: string, what: Copied) => void;
  onRefresh: () => void;
}

/** An answer that names the mailbox's provider: the verdict, its evidence, the actions and the details. */
function FoundAnswer({ result, searchQueryTemplate, sendingAddresses, ...rest }: FoundAnswerProps) {
  const wordProps = useWordProps();
  const { info } = result;
  const verdict = verdictOf(result);
  const search = searchActionFor(info, searchQueryTemplate, rest.address);
  const forThem = linkForThem(info, sendingAddresses);
  const actions = { ...rest, info, search, forThem };
  return (
    <>
      <VerdictLine verdict={verdict} info={info} />
      <Evidence info={info} />
      {info.is_privacy_service && !safeLinkUrl(info.webmail_url) && (
        <p className="wl-note" data-testid="relay-explanation" {...wordProps(t('relayExplanation'))} />
      )}
      <FoundActions {...actions} />
      <ActionNotes {...actions} />
      <AnswerDetails verdict={verdict} info={info} />
    </>
  );
}

/**
 * One lookup's answer, as the hover card and the popup show it. Everything from the page or the API is
 * rendered as text (or drawn, over a page: components/words.ts); only http(s) URLs become links.
 */
export function ResultCard({ sendingAddresses = [], now = Date.now(), ...props }: ResultCardProps) {
  const { address, result, theme } = props;
  const [copied, copy] = useCopy();
  const wordProps = useWordProps();
  // A 429's wait counts down on the card, and its "Try again" can be pressed once it is over.
  useCountdown(result?.state === 'rate-limited' ? result.retryAt : null);
  const found = result?.state === 'found' ? result : null;
  return (
    <section
      className="wl-card"
      data-testid="result-card"
      data-theme={theme}
      data-verdict={describeVerdict(result)?.kind}
      aria-busy={found ? undefined : result === null}
      aria-label={found ? t('cardLabel', address) : undefined}
    >
      <p className="wl-address" {...wordProps(address)} />
      <AddressNotes
        address={address}
        result={result}
        copied={copied === 'suggestion'}
        onCopy={(corrected) => copy(corrected, 'suggestion')}
      />
      {found ? (
        <FoundAnswer
          {...props}
          result={found}
          sendingAddresses={sendingAddresses}
          copied={copied}
          copy={copy}
        />
      ) : (
        <NoAnswer {...props} now={now} />
      )}
      {result && (
        <p className="wl-source" data-testid="result-source" {...wordProps(describeSource(result, now))} />
      )}
    </section>
  );
}
