import { createRoot } from 'react-dom/client';
import { PopupApp } from './PopupApp.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<PopupApp />);
