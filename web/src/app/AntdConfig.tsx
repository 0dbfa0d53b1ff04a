import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ComponentType, type ReactNode, useMemo } from 'react';
import { useAppStore } from './store/app';
import { useSettings } from './store/settings';
import { appTheme, prefersReducedMotion } from './theme';

const reducedMotion = prefersReducedMotion();

/**
 * antd's configuration (Chinese locale, the layout's component size, the theme of the settings
 * drawer, no motion for visitors who ask for less). Not in the boot (ADR 0050): the layout renders
 * it (AntAppScope), and each page outside the layout loads it beside its own chunk (`outsideLayout`
 * in the registry; its own small chunk, `antd-config`).
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const theme = useSettings((s) => s.theme);
  const highContrast = useSettings((s) => s.highContrast);
  const size = useAppStore((s) => s.size);
  const themeConfig = useMemo(() => appTheme({ theme, highContrast }, !reducedMotion), [theme, highContrast]);
  return (
    <ConfigProvider locale={zhCN} componentSize={size} theme={themeConfig}>
      {children}
    </ConfigProvider>
  );
}

/** `Page` inside AntdConfig (a page outside the layout). */
export function inAntdConfig<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithAntdConfig(props: P) {
    return (
      <AntdConfig>
        <Page {...props} />
      </AntdConfig>
    );
  };
}
