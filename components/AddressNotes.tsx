import { useMemo } from 'react';
import { addressNotes, lookAlikeWarning } from '#extension/address-notes.ts';
import { t } from '#extension/i18n.ts';
import type { LookupResult } from '#extension/lookup-result.ts';
import { useWordProps } from './words.ts';

interface SuggestionProps {
  corrected: string;
  /** Whether the corrected address was the last thing the card copied. */
  copied: boolean;
  onCopy: (corrected: string) => void;
}

/**
 * The address a typo meant, in one line, and a button that copies it: over a page the line is drawn, not
 * text (components/words.ts), so the button is how a person takes it away.
 */
function Suggestion({ corrected, copied, onCopy }: SuggestionProps) {
  const wordProps = useWordProps();
  return (
    <div className="wl-suggestion">
      <p data-testid="did-you-mean" {...wordProps(t('cardDidYouMean', corrected))} />
      <button
        type="button"
        className="wl-button"
        data-testid="copy-suggestion"
        onClick={() => onCopy(corrected)}
        {...wordProps(copied ? t('cardCopied') : t('cardCopySuggestion'), { named: true })}
      />
    </div>
  );
}

export interface AddressNotesProps {
  address: string;
  /** The lookup of the address's domain: null while under way. */
  result: LookupResult | null;
  copied: boolean;
  onCopy: (corrected: string) => void;
}

/**
 * What the address says of itself, under it on the card: the address a typo meant, the warning where the
 * look-alike domain takes mail, and a shared inbox. All from the address alone (no lookup, no credit, no
 * key), but the warning, which waits for the lookup the card makes anyway (lib/extension/address-notes.ts).
 */
export function AddressNotes({ address, result, copied, onCopy }: AddressNotesProps) {
  const wordProps = useWordProps();
  const notes = useMemo(() => addressNotes(address), [address]);
  const warning = lookAlikeWarning(address, result);
  return (
    <>
      {notes.didYouMean && <Suggestion corrected={notes.didYouMean} copied={copied} onCopy={onCopy} />}
      {warning && (
        <p
          className="wl-warning"
          data-testid="look-alike-warning"
          {...wordProps(t('cardLookAlikeTakesMail'))}
        />
      )}
      {notes.role && (
        <p className="wl-note" data-testid="shared-inbox" {...wordProps(t('cardSharedInbox'))} />
      )}
    </>
  );
}
