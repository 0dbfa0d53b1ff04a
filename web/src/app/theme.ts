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

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [0, 1, 2].map((i) => {
    const c = channel(hex, i) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast of a #rrggbb colour against white. */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/**
 * The theme colour as link text: itself when it reads on white (4.5:1), else the same hue mixed
 * with black until it does. #409EFF (2.78:1) becomes a deeper blue; the buttons keep #409EFF.
 */
export function readableOnWhite(colour: string, ratio = 4.5): string {
  const hex = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#409eff';
  let mixed = hex;
  for (let k = 1; contrastOnWhite(mixed) < ratio && k <= 20; k++) {
    mixed = `#${[0, 1, 2]
      .map((i) =>
        Math.round(channel(hex, i) * (1 - k * 0.05))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return mixed;
}

/** Visitors who ask their system for less motion get antd without animations (the tests ask too). */
export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export interface ThemeSettings {
  theme: string;
  highContrast: boolean;
}

export function appTheme({ theme, highContrast }: ThemeSettings, motion: boolean): ThemeConfig {
  const primary = highContrast ? HIGH_CONTRAST_PRIMARY : theme;
  // links and link buttons: the theme colour's hue, dark enough to read (antd's own blue is 4.1:1)
  const token: ThemeConfig['token'] = {
    ...readable,
    colorPrimary: primary,
    colorLink: readableOnWhite(primary),
    colorInfo: primary,
    motion,
  };
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
 * (portal cards, dashboard panels): --xt-primary, --xt-primary-text, --xt-text-tertiary.
 */
export function themeVariables(settings: ThemeSettings): Record<string, string> {
  const t = appTheme(settings, false).token ?? {};
  return {
    '--xt-primary': String(t.colorPrimary),
    // text in the theme's hue on white and on its pale fills (#ecf5ff takes a tenth off the contrast)
    '--xt-primary-text': readableOnWhite(String(t.colorPrimary), 5.2),
    '--xt-text-tertiary': String(t.colorTextTertiary),
  };
}
