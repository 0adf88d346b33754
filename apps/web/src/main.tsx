import './app/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { captureTokenFromBrowserHash } from './lib/session.ts';
import { App } from './app/App.tsx';

// Before the first render, so the very first request already carries a token from an outside sign-in.
captureTokenFromBrowserHash();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
