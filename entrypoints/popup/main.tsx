import { createRoot } from 'react-dom/client';
import { t } from '@/lib/i18n.ts';
import { PopupApp } from './PopupApp.tsx';

document.title = t('extName');
const root = document.getElementById('root');
if (root) createRoot(root).render(<PopupApp />);
