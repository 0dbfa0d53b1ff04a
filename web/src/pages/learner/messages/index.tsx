import { Card } from 'antd';
import { MessageList } from './MessageList';

/** Message centre /ydmessage/index. */
export default function MessagesPage() {
  return (
    <Card variant="borderless" title="我的消息" data-testid="messages-page">
      <MessageList />
    </Card>
  );
}
