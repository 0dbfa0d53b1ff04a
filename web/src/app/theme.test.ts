import { describe, expect, it } from 'vitest';
import { appTheme, HIGH_CONTRAST_PRIMARY, themeVariables } from './theme';

describe('theme tokens', () => {
  it('keep the chosen theme colour for buttons and links by default', () => {
    const { token } = appTheme({ theme: '#409EFF', highContrast: false }, true);
    expect(token).toMatchObject({ colorPrimary: '#409EFF', colorLink: '#409EFF', motion: true });
    expect(themeVariables({ theme: '#11a983', highContrast: false })['--xt-primary']).toBe('#11a983');
  });

  it('高对比度 puts the darker blue and darker texts in place of any chosen colour', () => {
    const { token } = appTheme({ theme: '#409EFF', highContrast: true }, true);
    expect(token).toMatchObject({ colorPrimary: HIGH_CONTRAST_PRIMARY, colorLink: HIGH_CONTRAST_PRIMARY });
    expect(token?.colorTextTertiary).toBe('rgba(0, 0, 0, 0.7)');
    expect(themeVariables({ theme: '#11a983', highContrast: true })['--xt-primary']).toBe(HIGH_CONTRAST_PRIMARY);
  });
});
