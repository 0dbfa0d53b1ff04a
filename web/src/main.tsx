import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { firstRenderStyles } from './app/antdStyles';
import { createQueryClient, Providers } from './app/Providers';
import { RouteGuard } from './app/RouteGuard';
import { AppRoutes } from './app/router';
import './styles.css';

const queryClient = createQueryClient();

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices and gives the main thread back
// between them, instead of one long task of the whole page on a phone (issue 15, Lighthouse TBT).
// antd's prebuilt styles first when the page draws antd (app/antdStyles.ts)
void firstRenderStyles().then(() =>
  startTransition(() => {
    root.render(
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
  }),
);
