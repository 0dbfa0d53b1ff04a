import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AntdConfig } from '../app/AntdConfig';
import { Providers as AppProviders } from '../app/Providers';

export { createQueryClient } from '../app/Providers';

/** The app's providers with antd's configuration, as a page inside the layout has them. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AntdConfig>{children}</AntdConfig>
    </AppProviders>
  );
}
