import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useLayoutEffect } from 'react';
import { useSettings } from './store/settings';
import { themeVariables } from './theme';

dayjs.locale('zh-cn');

export function createQueryClient() {
  // the request wrapper already shows every failure; retrying would show it again
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
}

/**
 * What every page needs: the query client and the theme's CSS variables on <html>. antd's
 * configuration is not here (ADR 0050): the layout and each page outside it bring it with their
 * own chunks (AntdConfig.tsx, AntAppScope.tsx), so the boot carries no antd.
 */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const theme = useSettings((s) => s.theme);
  const highContrast = useSettings((s) => s.highContrast);
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(themeVariables({ theme, highContrast }))) {
      document.documentElement.style.setProperty(name, value);
    }
    document.documentElement.dataset.contrast = highContrast ? 'high' : 'default';
  }, [theme, highContrast]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
