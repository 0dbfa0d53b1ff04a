import { describe, expect, it } from 'vitest';
import { appTheme, contrastOnWhite, HIGH_CONTRAST_PRIMARY, readableOnWhite, themeVariables } from './theme';

describe('theme tokens', () => {
  it('keep the chosen theme colour for buttons by default, its readable shade for links', () => {
    const { token } = appTheme({ theme: '#409EFF', highContrast: false }, true);
    expect(token).toMatchObject({ colorPrimary: '#409EFF', motion: true });
    // links in the theme's hue, dark enough to read on white
    expect(contrastOnWhite(String(token?.colorLink))).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite(String(token?.colorLink))).toBeLessThan(5.2);
    expect(themeVariables({ theme: '#11a983', highContrast: false })['--xt-primary']).toBe('#11a983');
  });

  it('keep a colour that already reads on white as the link colour', () => {
    expect(readableOnWhite('#212121')).toBe('#212121');
    expect(contrastOnWhite('#409EFF')).toBeCloseTo(2.78, 2);
    expect(readableOnWhite('#409EFF')).not.toBe('#409EFF');
    expect(contrastOnWhite(themeVariables({ theme: '#409EFF', highContrast: false })['--xt-primary-text'])).toBeGreaterThanOrEqual(5.2);
  });

  it('高对比度 puts the darker blue and darker texts in place of any chosen colour', () => {
    const { token } = appTheme({ theme: '#409EFF', highContrast: true }, true);
    expect(token).toMatchObject({ colorPrimary: HIGH_CONTRAST_PRIMARY, colorLink: HIGH_CONTRAST_PRIMARY });
    expect(token?.colorTextTertiary).toBe('rgba(0, 0, 0, 0.7)');
    expect(themeVariables({ theme: '#11a983', highContrast: true })['--xt-primary']).toBe(HIGH_CONTRAST_PRIMARY);
  });
});
