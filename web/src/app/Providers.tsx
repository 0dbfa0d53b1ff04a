import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { installFeedback } from './feedback';
import { useAppStore } from './store/app';
import { useSettings } from './store/settings';

dayjs.locale('zh-cn');

export function createQueryClient() {
  // the request wrapper already shows every failure; retrying would show it again
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } } });
}

/** Hands antd's context-aware message/modal to non-React code (the request wrapper). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => installFeedback(message, modal), [message, modal]);
  return null;
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const theme = useSettings((s) => s.theme);
  const size = useAppStore((s) => s.size);
  return (
    <ConfigProvider locale={zhCN} componentSize={size} theme={{ token: { colorPrimary: theme } }}>
      <AntApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
