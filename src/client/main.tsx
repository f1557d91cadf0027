import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/v4/core';
import { App, createAppRouter } from './app/app.tsx';
import { installPreloadErrorHandling } from './app/lazy-screen.ts';
import { registerServiceWorker } from './app/sw-register.ts';
import { hasStoredToken, refreshUser } from './features/auth/auth.store.ts';
import { drainOnStart } from './features/quiz/quiz-sync.ts';
import { setNavigate } from './lib/http.ts';
import './styles.css';

// The Content-Security-Policy allows no eval, and zod's probe for it (to compile its parsers) is reported as a
// violation even though zod catches the refusal: tell it not to try.
zodConfig({ jitless: true });
installPreloadErrorHandling();
const router = createAppRouter();
setNavigate((path) => void router.navigate(path));
// Spec 4: a stored token at start-up means the user is refreshed (a 401 logs out).
if (hasStoredToken()) void refreshUser();
// DESIGN 5: answers a student gave before a reload or a closed tab go out on the next start.
drainOnStart();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);

void registerServiceWorker();
