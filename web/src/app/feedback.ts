// Bridge from non-React code (the request wrapper, stores) to antd's context-aware
// message/modal. <FeedbackBridge/> inside antd <App> installs the real instances;
// until then the static APIs are used.

import type { ModalFuncProps } from 'antd';
import { Modal, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

let messageApi: Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'destroy'> = message;
// error toasts still showing, by key (clearErrors closes them)
const openErrors = new Set<string>();
type ConfirmApi = { confirm(props: ModalFuncProps): unknown };
let modalApi: ConfirmApi = Modal;

export function installFeedback(m: typeof messageApi, modal: typeof modalApi): void {
  messageApi = m;
  modalApi = modal;
}

export const feedback = {
  // keyed by text: the same message raised twice at once (parallel calls failing alike, e.g. an
  // expired session) shows as one toast, not a stack of copies
  error(content: string, durationMs: number) {
    const key = `error:${content}`;
    openErrors.add(key);
    messageApi.error({ content, duration: durationMs / 1000, key, onClose: () => openErrors.delete(key) });
  },
  /** Closes the error toasts still showing (a wizard's step error must not linger into the next step). */
  clearErrors() {
    for (const key of openErrors) messageApi.destroy(key);
    openErrors.clear();
  },
  success(content: string) {
    messageApi.success(content);
  },
  warning(content: string) {
    messageApi.warning(content);
  },
  /** Resolves true when the user picks the OK button. */
  confirm(opts: { title: string; content: string; okText: string; cancelText: string }): Promise<boolean> {
    return new Promise((resolve) => {
      modalApi.confirm({ ...opts, onOk: () => resolve(true), onCancel: () => resolve(false) });
    });
  },
  reload() {
    window.location.reload();
  },
};
