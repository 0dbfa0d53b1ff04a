import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import { certMineApi, Perm } from '@xuetu/contract';
import { Card, Statistic } from 'antd';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { useCan } from '../../components/Can';

/** The dashboard's entry to 我的证书 (issue 42): how many valid certificates the learner holds. */
export function CertificatePanel() {
  const can = useCan();
  const shown = can(Perm.StudyCertificates);
  const mine = useCall(certMineApi.getMyCerts, undefined, { enabled: shown, config: { silent: true } });
  if (!shown) return null;
  const valid = mine.data?.filter((c) => c.status === 'valid').length;
  return (
    <Link to="/certificate/mine" aria-label="我的证书">
      <Card size="small" hoverable data-testid="count-card-certificates">
        <Statistic title="我的证书（有效）" prefix={<SafetyCertificateOutlined />} value={valid ?? '—'} suffix="张" />
      </Card>
    </Link>
  );
}
