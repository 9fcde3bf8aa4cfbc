import '#components/page.css';
import '#components/form-page.css';
import './bulk.css';
import { startPage } from '#components/start-page.tsx';
import { BulkApp } from './BulkApp.tsx';

startPage('bulkTitle', () => <BulkApp />);
