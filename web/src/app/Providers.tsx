import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useLayoutEffect, useMemo } from 'react';
import { useAppStore } from './store/app';
import { useSettings } from './store/settings';
import { appTheme, prefersReducedMotion, themeVariables } from './theme';

dayjs.locale('zh-cn');

export function createQueryClient() {
  // the request wrapper already shows every failure; retrying would show it again
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
}

const reducedMotion = prefersReducedMotion();

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const theme = useSettings((s) => s.theme);
  const highContrast = useSettings((s) => s.highContrast);
  const size = useAppStore((s) => s.size);
  const themeConfig = useMemo(() => appTheme({ theme, highContrast }, !reducedMotion), [theme, highContrast]);
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(themeVariables({ theme, highContrast }))) {
      document.documentElement.style.setProperty(name, value);
    }
    document.documentElement.dataset.contrast = highContrast ? 'high' : 'default';
  }, [theme, highContrast]);
  return (
    <ConfigProvider locale={zhCN} componentSize={size} theme={themeConfig}>
      {/* antd's <App> is in the layout (AntAppScope), not around the public pages */}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
