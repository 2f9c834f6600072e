import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App.tsx';
import { startFirstScreen } from './app/firstScreen.ts';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import { startOffline } from './offline/start.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('LifeQuest needs a #root element in index.html');

const queryClient = createQueryClient();

// The hero's last data comes back from IndexedDB first, so the app opens offline too
// (docs/features/offline-app.md); index.html's spinner shows meanwhile.
void startOffline(queryClient)
  .catch(() => {})
  .then(() => {
    void startFirstScreen(queryClient, window.location.pathname);
    createRoot(root).render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
