import { DEFAULT_THEME_COLOR } from '@xuetu/contract';
import type { CSSProperties } from 'react';

/**
 * The lean sign-in form's hover, pressed and focus-ring shades of the theme colour. antd derives
 * them from the colour's palette; login.css holds antd's exact values for the spec's colour and
 * for 高对比度 (the form's `is-contrast`), and any other colour of the settings drawer gets close
 * mixes here (the palette's code is antd's, not loaded on this page).
 */
export function primaryShades(theme: string, highContrast: boolean): CSSProperties | undefined {
  if (highContrast || theme.toLowerCase() === DEFAULT_THEME_COLOR.toLowerCase()) return undefined;
  return {
    '--xt-lf-hover': `color-mix(in srgb, ${theme} 78%, #fff)`,
    '--xt-lf-active': `color-mix(in srgb, ${theme} 85%, #000)`,
    '--xt-lf-ring': `color-mix(in srgb, ${theme} 35%, #fff)`,
  } as CSSProperties;
}
