import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import { Popover, QRCode, Typography } from 'antd';

/** 下载移动端 with the download QR on hover; its own chunk (Popover, QRCode), only when a link is configured. */
export default function AppDownloadLink({ url, siteName }: { url: string; siteName: string }) {
  return (
    <Popover
      placement="bottom"
      content={
        <div style={{ textAlign: 'center' }} data-testid="app-qr">
          <QRCode value={url} size={140} bordered={false} />
          <Typography.Text type="secondary">扫码下载{siteName || '学途'} App</Typography.Text>
        </div>
      }
    >
      <a className="xt-login-app" data-testid="download-app">
        <MobileOutlined /> 下载移动端
      </a>
    </Popover>
  );
}
