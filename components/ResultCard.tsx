import { useContext } from 'react';
import { linkForThem, safeLinkUrl, searchActionFor } from '#core/links.ts';
import { describeResult, describeSource, verdictWords } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { answerVerdict, flagsOf, verdictOf } from '#extension/verdict.ts';
import { AddressNotes } from './AddressNotes.tsx';
import { AddressText } from './AddressText.tsx';
import {
  ActionButton,
  ActionNotes,
  type Copied,
  FoundActions,
  RefreshButton,
  useCopy,
} from './AnswerActions.tsx';
import { AnswerDetails, Evidence, VerdictLine } from './AnswerVerdict.tsx';
import { useCountdown } from './use-countdown.ts';
import { DrawnWords, useWordProps } from './words.ts';

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
  const words = verdictWords(answerVerdict(result), info.nice_name);
  const search = searchActionFor(info, searchQueryTemplate, rest.address);
  const forThem = linkForThem(info, sendingAddresses);
  const actions = { ...rest, info, search, forThem };
  return (
    <>
      <VerdictLine words={words} info={info} />
      <Evidence info={info} />
      {flagsOf(info).privacyRelay && !safeLinkUrl(info.webmail_url) && (
        <p className="wl-note" data-testid="relay-explanation" {...wordProps(t('relayExplanation'))} />
      )}
      <FoundActions {...actions} />
      <ActionNotes {...actions} />
      <AnswerDetails words={words} info={info} />
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
  const drawn = useContext(DrawnWords);
  // A 429's wait counts down on the card, and its "Try again" can be pressed once it is over.
  useCountdown(result?.state === 'rate-limited' ? result.retryAt : null);
  const found = result?.state === 'found' ? result : null;
  return (
    <section
      className="wl-card"
      data-testid="result-card"
      data-theme={theme}
      data-verdict={verdictOf(result) ?? undefined}
      aria-busy={found ? undefined : result === null}
      aria-label={found ? t('cardLabel', address) : undefined}
    >
      {/* On the extension's pages, the address breaks only after its @ or a dot; over a page, its words are drawn. */}
      {drawn ? (
        <p className="wl-address" {...wordProps(address)} />
      ) : (
        <p className="wl-address">
          <AddressText address={address} />
        </p>
      )}
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
