import { Card } from 'antd';
import { Link } from 'react-router';
import { MessageList } from '../learner/messages/MessageList';

/** Home message panel (spec: IsRead '0', TempleteType '1', 10 per page); the full centre is /ydmessage/index. */
export function MessagePanel() {
  return (
    <Card title="我的消息" extra={<Link to="/ydmessage/index">全部消息</Link>} data-testid="dashboard-messages">
      <MessageList compact />
    </Card>
  );
}
