import { Button, Modal } from 'antd';

/**
 * Another tab or device answers the attempt now (issue 23 item 3): this page stops saving and
 * shows the server's answers; the learner looks on read-only or takes the attempt back. antd's
 * Modal, loaded only when it opens (the exam page draws no antd first, ADR 0050).
 */
export default function TakeoverDialog({
  title,
  onReadOnly,
  onTakeOver,
}: {
  title: string;
  onReadOnly: () => void;
  onTakeOver: () => void;
}) {
  return (
    <Modal
      open
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={[
        <Button key="look" onClick={onReadOnly} data-testid="takeover-readonly">
          只读查看
        </Button>,
        <Button key="take" type="primary" onClick={onTakeOver} data-testid="takeover-continue">
          在此继续作答
        </Button>,
      ]}
    >
      <div data-testid="takeover-dialog">
        此页面已停止保存答案，并显示服务器上保存的答案。在此继续作答后，其他窗口或设备将不能再保存答案。
      </div>
    </Modal>
  );
}
