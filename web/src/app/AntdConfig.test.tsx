import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { Suspense, useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { outsideLayout } from '../pages/registry';
import { createQueryClient, Providers } from './Providers';
import { useSettings } from './store/settings';
import { HIGH_CONTRAST_PRIMARY } from './theme';

/** What antd's configuration holds where it renders. */
function Probe() {
  const { locale, theme } = useContext(ConfigProvider.ConfigContext);
  return (
    <span data-testid="probe">
      {locale?.locale ?? 'none'} {String(theme?.token?.colorPrimary ?? 'none')}
    </span>
  );
}

describe("antd's configuration outside the boot (ADR 0050)", () => {
  it('the app providers alone carry none of it', () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <Probe />
      </Providers>,
    );
    expect(screen.getByTestId('probe').textContent).toBe('none none');
  });

  it('a page outside the layout gets the Chinese locale and the chosen theme with its chunk', async () => {
    useSettings.setState({ highContrast: true });
    const Page = outsideLayout(async () => ({ default: Probe }));
    render(
      <Providers queryClient={createQueryClient()}>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </Providers>,
    );
    expect((await screen.findByTestId('probe')).textContent).toBe(`zh-cn ${HIGH_CONTRAST_PRIMARY}`);
    useSettings.setState({ highContrast: false });
  });
});
