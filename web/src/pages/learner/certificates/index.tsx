import { DownloadOutlined, LinkOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { type CertStatusValue, certMineApi, type MyCertView } from '@xuetu/contract';
import { Button, Card, Col, Empty, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { callDownload } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';

export const CERT_STATUS_COLORS: Record<CertStatusValue, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

/** The public page of a certificate, on this site. */
export const verifyUrl = (c: Pick<MyCertView, 'verifyPath'>) => `${window.location.origin}${c.verifyPath}`;

function CertCard({ cert }: { cert: MyCertView }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await callDownload(certMineApi.downloadMyCertPdf, { id: cert.id }, { fileName: `${cert.certName}-${cert.number}.pdf` });
    } finally {
      setBusy(false);
    }
  };
  const share = async () => {
    try {
      await navigator.clipboard.writeText(verifyUrl(cert));
      feedback.success('查验链接已复制');
    } catch {
      window.open(cert.verifyPath, '_blank', 'noopener');
    }
  };
  return (
    <Card
      data-testid="my-cert"
      title={
        <Space>
          <SafetyCertificateOutlined style={{ color: '#409EFF' }} />
          <span>{cert.certName}</span>
        </Space>
      }
      extra={<Tag color={CERT_STATUS_COLORS[cert.status]}>{cert.statusText}</Tag>}
      actions={[
        <Button key="pdf" type="link" icon={<DownloadOutlined />} loading={busy} onClick={download} data-testid="my-cert-pdf">
          下载 PDF
        </Button>,
        <Button key="link" type="link" icon={<LinkOutlined />} onClick={share} data-testid="my-cert-share">
          复制查验链接
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        证书编号：<span data-testid="my-cert-number">{cert.number}</span>
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>发证单位：{cert.companyName}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>发证日期：{cert.issuedAt}</Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>有效期至：{cert.expiresAt || '长期有效'}</Typography.Paragraph>
      {cert.status === 'revoked' && cert.revokeReason && <Typography.Text type="danger">撤销原因：{cert.revokeReason}</Typography.Text>}
      <div>
        <a href={cert.verifyPath} target="_blank" rel="noopener noreferrer" data-testid="my-cert-verify">
          查看查验页面
        </a>
      </div>
    </Card>
  );
}

/** 我的证书 (issue 42): the learner's certificates as cards (one column on a phone), each with its PDF and public link. */
export default function MyCertificatesPage() {
  const list = useCall(certMineApi.getMyCerts, undefined);
  return (
    <Card variant="borderless" title="我的证书" data-testid="my-certs-page">
      {list.isLoading ? (
        <Skeleton active />
      ) : list.isError ? (
        <Result status="warning" title="加载失败" subTitle="请稍后刷新重试" />
      ) : !list.data?.length ? (
        <Empty description="暂无证书：通过考试后，证书会自动发放到这里" />
      ) : (
        <Row gutter={[16, 16]}>
          {list.data.map((c) => (
            <Col key={c.id} xs={24} md={12} xl={8}>
              <CertCard cert={c} />
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
