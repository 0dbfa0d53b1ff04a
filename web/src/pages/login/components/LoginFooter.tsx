import { MobileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Popover, QRCode, Typography } from 'antd';
import { getSiteConfig } from '../../../api/portal';
import { SITE_QUERY_KEY } from '../../public/components/PortalFooter';

/**
 * The /login and /register footer: address, working hours, copyright, company and filing number
 * from the same site settings as the portal footer; the app-download QR only when a download
 * link is configured (site setting appDownloadUrl).
 */
export function LoginFooter() {
  const { data: site } = useQuery({ queryKey: SITE_QUERY_KEY, queryFn: getSiteConfig, staleTime: 60_000 });
  if (!site) return null;
  const first = [site.address && `地址：${site.address}`, site.workingHours && `工作时间：${site.workingHours}`].filter(Boolean);
  const second = [site.copyright, site.companyName, site.filingNumber].filter(Boolean);
  return (
    <>
      {site.appDownloadUrl && (
        <Popover
          placement="bottom"
          content={
            <div style={{ textAlign: 'center' }} data-testid="app-qr">
              <QRCode value={site.appDownloadUrl} size={140} bordered={false} />
              <Typography.Text type="secondary">扫码下载{site.siteName || '学途'} App</Typography.Text>
            </div>
          }
        >
          <a className="xt-login-app" data-testid="download-app">
            <MobileOutlined /> 下载移动端
          </a>
        </Popover>
      )}
      <footer className="xt-login-footer" data-testid="login-footer">
        {first.length > 0 && <div>{first.join(' · ')}</div>}
        {second.length > 0 && <div>{second.join(' · ')}</div>}
      </footer>
    </>
  );
}
