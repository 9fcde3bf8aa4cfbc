import { createRoot } from 'react-dom/client';
import '#components/page.css';
import './bulk.css';
import { t } from '#extension/i18n.ts';
import { BulkApp } from './BulkApp.tsx';

document.title = t('bulkTitle');
const root = document.getElementById('root');
if (root) createRoot(root).render(<BulkApp />);
