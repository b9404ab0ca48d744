// Client entry point: mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerPwa } from './app/pwa';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
registerPwa();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
