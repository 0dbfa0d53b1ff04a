import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/Providers';
import { RouteGuard } from './app/RouteGuard';
import { AppRoutes } from './app/router';
import './styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <RouteGuard>
          <AppRoutes />
        </RouteGuard>
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
