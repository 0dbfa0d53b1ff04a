import { type CertStatusValue, certVerifyApi } from '@xuetu/contract';
import { Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { useParams } from 'react-router';
import { useCall } from '../../../api/hooks';

const STATUS_COLORS: Record<CertStatusValue, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

/**
 * /cert/<code> (issue 42): anyone, signed in or not, checks a certificate by the code its QR code
 * and link carry. The server answers only the masked holder, the certificate, the company, the
 * dates and the status; an unknown code is said plainly.
 */
export default function CertVerifyPage() {
  const { code = '' } = useParams();
  const q = useCall(certVerifyApi.verifyCert, { code }, { config: { silent: true }, retry: false });
  const data = q.data;
  return (
    <div style={{ minHeight: '100vh', background: '#f5f7fa', padding: '24px 12px' }} data-testid="cert-verify-page">
      <Card title="证书查验" style={{ maxWidth: 560, margin: '0 auto' }}>
        {q.isLoading ? (
          <Skeleton active />
        ) : q.isError || !data ? (
          <Result
            status="warning"
            title="无法查验"
            subTitle={(q.error as Error | null)?.message || '证书查验码格式不正确'}
            data-testid="cert-verify-error"
          />
        ) : !data.found ? (
          <Result status="error" title="未找到该证书" subTitle={data.message} data-testid="cert-verify-unknown" />
        ) : (
          <>
            <Result
              status={data.status === 'valid' ? 'success' : data.status === 'expired' ? 'warning' : 'error'}
              title={<span data-testid="cert-verify-status">{data.statusText}</span>}
              subTitle={
                data.status === 'revoked' ? '该证书已被撤销，不再有效' : data.status === 'expired' ? '该证书已超过有效期' : '该证书真实有效'
              }
              style={{ padding: '8px 0 16px' }}
            />
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label="持证人">{data.holderName}</Descriptions.Item>
              <Descriptions.Item label="证书名称">{data.certName}</Descriptions.Item>
              <Descriptions.Item label="发证单位">{data.companyName}</Descriptions.Item>
              <Descriptions.Item label="发证日期">{data.issuedAt}</Descriptions.Item>
              <Descriptions.Item label="有效期至">{data.expiresAt}</Descriptions.Item>
              <Descriptions.Item label="状态">
                <Tag color={STATUS_COLORS[data.status]}>{data.statusText}</Tag>
              </Descriptions.Item>
            </Descriptions>
          </>
        )}
      </Card>
    </div>
  );
}
