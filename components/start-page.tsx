import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { type MessageKey, t } from '#extension/i18n.ts';
import { loadPageWords } from '#extension/page-words.ts';

/** An extension page: its words loaded in the language in force, then its title and its app. */
export function startPage(title: MessageKey, app: () => ReactNode): void {
  void loadPageWords().then(() => {
    document.title = t(title);
    const root = document.getElementById('root');
    if (root) createRoot(root).render(app());
  });
}
