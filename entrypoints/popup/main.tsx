import { createRoot } from 'react-dom/client';
import '#components/page.css';
import '#components/card.css';
import './popup.css';
import { t } from '#extension/i18n.ts';
import { PopupApp } from './PopupApp.tsx';

document.title = t('extName');
const root = document.getElementById('root');
if (root) createRoot(root).render(<PopupApp />);
