import '#components/page.css';
import '#components/card.css';
import './popup.css';
import { startPage } from '#components/start-page.tsx';
import { useSettingsStore } from '#settings/store.ts';
import { PopupApp } from './PopupApp.tsx';
import { askTabSummary } from './use-tab-summary.ts';

// The list waits for the tab's addresses and the settings as well as the page's words: all are asked for at
// once, as the popup starts. A failure to list is said by the page, once it has its words (useTabSummary).
askTabSummary().catch(() => {});
void useSettingsStore.getState().load();
startPage('extName', () => <PopupApp />);
