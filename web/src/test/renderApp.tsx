import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
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
