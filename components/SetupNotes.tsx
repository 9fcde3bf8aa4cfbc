import {
  keySourceSentence,
  pinSentence,
  type ServiceInForce,
  serviceSentence,
  shortcutSentence,
} from './setup-sentences.ts';
import { useLookupShortcut } from './use-lookup-shortcut.ts';

/** One message's text with the link in it made a link, wherever the translation put it. */
function TextWithLink({ text, link }: { text: string; link: string | null }) {
  const at = link && /^https?:\/\//.test(link) ? text.indexOf(link) : -1;
  if (!link || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={link} target="_blank" rel="noreferrer">
        {link}
      </a>
      {text.slice(at + link.length)}
    </>
  );
}

/**
 * What this build does and where: the service lookups go to, where its key comes from (unless the
 * organisation set the key), the lookup shortcut as the person has it, and how to pin the toolbar button,
 * in this browser's words.
 */
export function SetupNotes({ service, keyManaged }: { service: ServiceInForce; keyManaged: boolean }) {
  const shortcut = useLookupShortcut();
  const keySource = keySourceSentence(service);
  return (
    <div className="build-notes">
      <p data-testid="service-note">{serviceSentence(service)}</p>
      {!keyManaged && (
        <p className="hint" data-testid="key-source">
          <TextWithLink text={keySource.text} link={keySource.link} />
        </p>
      )}
      {shortcut !== null && (
        <p className="hint" data-testid="shortcut-note">
          {shortcutSentence(import.meta.env.BROWSER, shortcut)}
        </p>
      )}
      <p className="hint" data-testid="pin-note">
        {pinSentence(import.meta.env.BROWSER)}
      </p>
    </div>
  );
}
