import { useEffect, useState } from 'react';

/**
 * An object URL of `text` for a download link, made again when the text changes and revoked when it is
 * replaced or the page lets it go; null without text. A link, not a click handler that saves: its href is
 * the file itself, which a person (or a test) can open.
 */
export function useObjectUrl(text: string | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (text === null) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(new Blob([text], { type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [text, type]);
  return url;
}
