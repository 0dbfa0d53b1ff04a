import { ToolOutlined } from '@ant-design/icons';
import { Empty } from 'antd';

export const COMING_SOON_TEXT = '建设中';

/**
 * The 建设中 state of a panel whose data comes with a later area (courses, exams): a clear,
 * small placeholder instead of an empty list or a missing panel.
 */
export function ComingSoon({ what, testId = 'coming-soon' }: { what?: string; testId?: string }) {
  return (
    <Empty
      data-testid={testId}
      image={<ToolOutlined style={{ fontSize: 32, color: 'var(--ant-color-text-quaternary)' }} />}
      styles={{ image: { height: 36 }, description: { color: 'rgba(0, 0, 0, 0.65)' } }}
      description={
        <span>
          {COMING_SOON_TEXT}
          {what ? <span className="xt-coming-soon-what">：{what}即将上线</span> : null}
        </span>
      }
    />
  );
}
