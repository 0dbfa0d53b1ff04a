import { portalApi } from '@xuetu/contract';
import { lazy } from 'react';
import { useCall } from '../../../api/hooks';
import { AntIsland } from '../../../app/AntIsland';

const AppDownloadLink = lazy(() => import('./AppDownloadLink'));

/**
 * The /login and /register footer: address, working hours, copyright, company and filing number
 * from the same site settings as the portal footer; the app-download QR only when a download
 * link is configured (site setting appDownloadUrl).
 */
export function LoginFooter() {
  const { data: site } = useCall(portalApi.getSiteConfig, {}, { staleTime: 60_000 });
  if (!site) return null;
  const first = [site.address && `地址：${site.address}`, site.workingHours && `工作时间：${site.workingHours}`].filter(Boolean);
  const second = [site.copyright, site.companyName, site.filingNumber].filter(Boolean);
  return (
    <>
      {site.appDownloadUrl && (
        // antd's Popover and QRCode: antd loads with it (the sign-in page draws no antd first)
        <AntIsland fallback={<span className="xt-login-app">下载移动端</span>}>
          <AppDownloadLink url={site.appDownloadUrl} siteName={site.siteName} />
        </AntIsland>
      )}
      <footer className="xt-login-footer" data-testid="login-footer">
        {first.length > 0 && <div>{first.join(' · ')}</div>}
        {second.length > 0 && <div>{second.join(' · ')}</div>}
      </footer>
    </>
  );
}
