import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { LOOKUP_COMMAND } from '#extension/keyboard-command.ts';

/**
 * The lookup command's shortcut as the person has it now ('' when they removed it; null until the browser
 * answers). Read again whenever the page gets focus: the person changes it in the browser's own settings
 * page, and Chromium has no event for that.
 */
export function useLookupShortcut(): string | null {
  const [shortcut, setShortcut] = useState<string | null>(null);
  useEffect(() => {
    const read = () =>
      void browser.commands
        .getAll()
        .then((commands) =>
          setShortcut(commands.find((command) => command.name === LOOKUP_COMMAND)?.shortcut ?? ''),
        );
    read();
    window.addEventListener('focus', read);
    return () => window.removeEventListener('focus', read);
  }, []);
  return shortcut;
}
