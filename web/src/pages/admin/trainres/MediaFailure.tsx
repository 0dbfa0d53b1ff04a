import { Alert, Button, Typography } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A media processing failure for the administrator: the short Chinese reason, and ffmpeg's own
 * last lines folded behind 详情 (for whoever looks into it; learners never get them).
 */
export function MediaFailure({ reason, detail, action }: { reason: string; detail: string; action?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Alert
      type="error"
      showIcon
      message={reason || '处理失败'}
      action={action}
      data-testid="media-failure"
      description={
        detail ? (
          <>
            <Button type="link" size="small" style={{ padding: 0 }} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
              {open ? '收起详情' : '详情'}
            </Button>
            {open && (
              <Typography.Paragraph
                data-testid="media-failure-detail"
                style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12, maxHeight: 240, overflow: 'auto', margin: 0 }}
              >
                {detail}
              </Typography.Paragraph>
            )}
          </>
        ) : undefined
      }
    />
  );
}
