import { App as AntApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { AntdConfig } from './AntdConfig';
import { installFeedback } from './feedback';

/** Hands antd's context-aware message/modal to non-React code (the request wrapper). */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => installFeedback(message, modal), [message, modal]);
  return null;
}

/**
 * antd's configuration and <App> (context-aware message, modal, notification for `App.useApp()`)
 * with the feedback bridge. The admin/learner layout renders it; the public pages do without, so
 * their first load carries none of antd's modal and notification code (issue 15; ADR 0035).
 */
export function AntAppScope({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </AntdConfig>
  );
}
