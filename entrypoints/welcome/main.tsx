import { createRoot } from 'react-dom/client';
import '#components/page.css';
import '#components/card.css';
import './welcome.css';
import { t } from '#extension/i18n.ts';
import { WelcomeApp } from './WelcomeApp.tsx';

document.title = t('welcomeTitle');
const root = document.getElementById('root');
if (root) createRoot(root).render(<WelcomeApp />);
