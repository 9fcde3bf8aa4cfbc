import '#components/page.css';
import '#components/form-page.css';
import './options.css';
import { startPage } from '#components/start-page.tsx';
import { OptionsApp } from './OptionsApp.tsx';

startPage('optionsTitle', () => <OptionsApp />);
