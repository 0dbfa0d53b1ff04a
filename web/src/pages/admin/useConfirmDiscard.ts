import { App } from 'antd';

export const DISCARD_TITLE = '放弃未保存的内容？';

/**
 * Closing an editor dialog (✕, 取消, Esc) that holds unsaved work asks first (issue 38 item 10): a
 * course's name, lessons and finished uploads are not thrown away by a stray click. Answers the
 * close handler to give the dialog: `dirty` is read when it is called.
 */
export function useConfirmDiscard(dirty: () => boolean, close: () => void): () => void {
  const { modal } = App.useApp();
  return () => {
    if (!dirty()) {
      close();
      return;
    }
    modal.confirm({
      title: DISCARD_TITLE,
      content: '关闭后，本次填写的内容（包括已上传的文件）都不会保存。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: close,
    });
  };
}
