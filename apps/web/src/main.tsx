import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { checkStoredSessionAtLoad } from './shared/session.ts';

// docs/product.md [states]: an expired stored token on load logs out before anything renders or calls the
// API.
checkStoredSessionAtLoad();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
