/** What the card says of a found answer: the verdict line with the logo, the evidence, and the details. */
import type { WebmailInfo } from '#core/webmail-info.ts';
import { describeEvidence, FLAG_WORDS, type VerdictWords } from '#extension/describe-result.ts';
import { t } from '#extension/i18n.ts';
import { FLAGS, type Flag, flagsOf } from '#extension/verdict.ts';
import { ProviderLogo } from './ProviderLogo.tsx';
import { useWordProps } from './words.ts';

/** The answer's three flags, said by the verdict line and listed as they are under Details, by these test ids. */
export const FLAG_TEST_IDS: Record<Flag, string> = {
  disposable: 'flag-disposable',
  freeMail: 'flag-freemail',
  privacyRelay: 'flag-privacy',
};
/**
 * What the answer saw of the domain's records, where it says: the gateway in front of the mailbox, the
 * record that named the provider, and how sure that is.
 */
export function Evidence({ info }: { info: WebmailInfo }) {
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
export function VerdictLine({ words, info }: { words: VerdictWords; info: WebmailInfo }) {
  const wordProps = useWordProps();
  const { around } = words;
  return (
    <p className="wl-verdict">
      <ProviderLogo niceName={info.nice_name} />
      {around ? (
        <span className="wl-verdict-words" data-testid="verdict" data-kind={words.verdict}>
          {around.before && <span {...wordProps(around.before)} />}
          {/* bdi: a right-to-left or control-character name from the API cannot reorder the rest of the card. */}
          <bdi className="wl-provider" data-testid="provider-nice-name" {...wordProps(info.nice_name)} />
          {around.after && <span {...wordProps(around.after)} />}
        </span>
      ) : (
        <span
          className="wl-verdict-words"
          data-testid="verdict"
          data-kind={words.verdict}
          {...wordProps(words.line)}
        />
      )}
    </p>
  );
}
/**
 * The answer as the API gave it, closed until asked for: its own name for the provider ("Google (Public)"),
 * the nice name where the verdict line does not say it, and the three flags.
 */
export function AnswerDetails({ words, info }: { words: VerdictWords; info: WebmailInfo }) {
  const wordProps = useWordProps();
  const flags = flagsOf(info);
  return (
    <details className="wl-details">
      <summary {...wordProps(t('cardDetails'), { named: true })} />
      <dl>
        {!words.around && (
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
            key={flag}
            className="wl-flag"
            data-testid={FLAG_TEST_IDS[flag]}
            data-value={String(flags[flag])}
            {...wordProps(t(flags[flag] ? 'flagYes' : 'flagNo', t(FLAG_WORDS[flag])))}
          />
        ))}
      </ul>
    </details>
  );
}
