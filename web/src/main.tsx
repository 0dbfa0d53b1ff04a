import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient, Providers } from './app/Providers';
import { RouteGuard } from './app/RouteGuard';
import { AppRoutes } from './app/router';
import './styles.css';

const queryClient = createQueryClient();

/**
 * With a session, index.html asks for antd's prebuilt styles of the signed-in pages
 * (web/build/antd-static-style.ts): antd reads their marker once, on its first style, so the first
 * render waits for the sheet (it is small and arrives long before the scripts; at most 3 s).
 */
function signedStyles(): Promise<void> {
  const link = document.getElementById('xt-antd-signed') as HTMLLinkElement | null;
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    window.setTimeout(resolve, 3000);
  });
}

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React renders it in slices and gives the main thread back
// between them, instead of one long task of the whole page on a phone (issue 15, Lighthouse TBT).
void signedStyles().then(() =>
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
