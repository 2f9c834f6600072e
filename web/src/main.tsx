import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App.tsx';
import { Providers } from './app/Providers.tsx';
import { createQueryClient } from './app/queryClient.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('LifeQuest needs a #root element in index.html');

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={createQueryClient()}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
