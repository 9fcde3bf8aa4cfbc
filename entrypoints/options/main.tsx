import { createRoot } from 'react-dom/client';
import '#components/page.css';
import './options.css';
import { t } from '#extension/i18n.ts';
import { OptionsApp } from './OptionsApp.tsx';

document.title = t('optionsTitle');
const root = document.getElementById('root');
if (root) createRoot(root).render(<OptionsApp />);
