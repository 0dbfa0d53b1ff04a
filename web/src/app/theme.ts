// Ant Design theme tokens from the settings drawer (theme colour, 高对比度).
import type { ThemeConfig } from 'antd';

/** 高对比度: white on this blue is 6.2:1, and it is 6.2:1 on white (WCAG AA asks 4.5:1). */
export const HIGH_CONTRAST_PRIMARY = '#0958d9';

// the text shade (7) of antd's coloured tags, one step darker: 4.5:1 on the tag's own light fill.
// Both spellings of the token: they are the same CSS variable (--ant-green-7)
const TAG_TEXT: Record<string, string> = {
  green: '#237804',
  orange: '#ad4e00',
  cyan: '#006d75',
  volcano: '#ad2102',
  gold: '#874d00',
  lime: '#3f6600',
  yellow: '#614700',
  magenta: '#9e1068',
  red: '#a8071a',
};
const tagTextColours = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([name, colour]) => [
    [`${name}7`, colour],
    [`${name}-7`, colour],
  ]),
);

// Colours that are not the theme colour, made readable (WCAG AA, 4.5:1) in every theme: antd's
// lighter greys (0.45 and 0.25 black), its status colours and the text shade of its coloured tags
// are under 4.5:1 on white and on their own light fills; these are one step darker.
const readable: ThemeConfig['token'] = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  colorSuccess: '#237804',
  colorWarning: '#ad4e00',
  colorError: '#cf1322',
  // the light fills antd would derive from those darker seeds come out greyish: keep its own
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  ...tagTextColours,
};

export interface ThemeSettings {
  theme: string;
  highContrast: boolean;
}

export function appTheme({ theme, highContrast }: ThemeSettings, motion: boolean): ThemeConfig {
  // links and link buttons take the theme colour too (antd's own link blue is 4.1:1 on white)
  const primary = highContrast ? HIGH_CONTRAST_PRIMARY : theme;
  const token: ThemeConfig['token'] = { ...readable, colorPrimary: primary, colorLink: primary, colorInfo: primary, motion };
  if (!highContrast) return { token };
  return {
    token: {
      ...token,
      colorText: 'rgba(0, 0, 0, 0.92)',
      colorTextSecondary: 'rgba(0, 0, 0, 0.75)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.7)',
      colorTextDescription: 'rgba(0, 0, 0, 0.7)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
    },
  };
}

/**
 * The same colours as CSS variables on <html>, for our own styles outside antd's components
 * (portal cards, dashboard panels): --xt-primary, --xt-text-tertiary.
 */
export function themeVariables(settings: ThemeSettings): Record<string, string> {
  const t = appTheme(settings, false).token ?? {};
  return { '--xt-primary': String(t.colorPrimary), '--xt-text-tertiary': String(t.colorTextTertiary) };
}
