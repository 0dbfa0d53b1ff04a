import { SysRole } from '@xuetu/contract';
import { Card, Col, Descriptions, Row, Typography } from 'antd';
import { useSession } from '../../app/store/session';
import { OnApproach } from '../../components/OnApproach';
import { UserAvatar } from '../../components/UserAvatar';
import { useAfterFirstPaint } from '../../components/useAfterFirstPaint';
import { dashboardPanels } from './panels';

export const PLATFORM_NAME = '学途平台';
/**
 * panels of the first screen (count cards, carousel and notices): rendered with the welcome card,
 * the others a painted frame later (useAfterFirstPaint)
 */
const FIRST_SCREEN_PANELS = 2;

export default function DashboardPage() {
  const user = useSession((s) => s.userInfo);
  const sysRoles = useSession((s) => s.sysRoles);
  // platform staff belong to the platform, not to a client company
  const platform = sysRoles.includes(SysRole.PlatformAdmin) || sysRoles.includes(SysRole.PlatformOperator);
  const dash = (v?: string) => v || (platform ? PLATFORM_NAME : '—');
  const below = useAfterFirstPaint();
  const panels = below ? dashboardPanels : dashboardPanels.slice(0, FIRST_SCREEN_PANELS);
  return (
    <div data-testid="dashboard">
      <Card data-testid="welcome-card">
        <Row gutter={[16, 16]} align="middle" wrap>
          <Col flex="none">
            <UserAvatar size={64} />
          </Col>
          <Col flex="auto" style={{ minWidth: 0 }}>
            {/* the page's h1 is its (visually hidden) title: the welcome is the next level (heading order) */}
            <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
              欢迎回来，{user?.name || user?.chnName}
            </Typography.Title>
            <Descriptions
              size="small"
              style={{ marginTop: 8 }}
              column={{ xs: 1, sm: 2, md: 3 }}
              items={[
                { key: 'company', label: '公司', children: dash(user?.comPanyName || user?.company) },
                { key: 'org', label: '部门', children: dash(user?.orgname || user?.orgName) },
                { key: 'post', label: '岗位', children: dash(user?.postname || user?.postName) },
              ]}
            />
          </Col>
        </Row>
      </Card>
      {panels.map(({ key, Panel, onApproach }) => (
        <div key={key} style={{ marginTop: 16 }}>
          {onApproach ? (
            <OnApproach minHeight={onApproach} testId={`dashboard-waiting-${key}`}>
              <Panel />
            </OnApproach>
          ) : (
            <Panel />
          )}
        </div>
      ))}
    </div>
  );
}
