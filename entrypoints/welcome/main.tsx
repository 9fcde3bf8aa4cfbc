import '#components/page.css';
import '#components/form-page.css';
import '#components/card.css';
import './welcome.css';
import { startPage } from '#components/start-page.tsx';
import { WelcomeApp } from './WelcomeApp.tsx';

startPage('welcomeTitle', () => <WelcomeApp />);
