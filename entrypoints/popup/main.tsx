import '#components/page.css';
import '#components/card.css';
import './popup.css';
import { startPage } from '#components/start-page.tsx';
import { PopupApp } from './PopupApp.tsx';

startPage('extName', () => <PopupApp />);
