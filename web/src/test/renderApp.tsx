import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AntAppScope } from '../app/AntAppScope';
import { createQueryClient, Providers } from '../app/Providers';
import { RouteGuard } from '../app/RouteGuard';
import { AppRoutes } from '../app/router';

/** The whole SPA at `path`, as main.tsx builds it but with an in-memory router. */
export function renderApp(path: string) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <AppRoutes />
        </RouteGuard>
      </MemoryRouter>
    </Providers>,
  );
}

/** One component inside the app's providers and the antd App scope (toasts, confirms), as the layouts hold it. */
export function renderWithApp(ui: ReactNode) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <AntAppScope>{ui}</AntAppScope>
    </Providers>,
  );
}

/** One component as `renderWithApp` holds it, under an in-memory router at `path` (the page reads its query). */
export function renderAt(path: string, ui: ReactNode) {
  return renderWithApp(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
