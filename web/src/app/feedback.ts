// Bridge from non-React code (the request wrapper, stores) to antd's context-aware
// message/modal. <FeedbackBridge/> inside antd <App> (the admin/learner layout) installs the real
// instances; until then — on the public pages, which do not carry antd's App, modal and
// notification code (issue 15 budget) — antd's static APIs are loaded on first use.

import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

type MessageApi = Pick<MessageInstance, 'error' | 'success' | 'warning' | 'info' | 'destroy'>;
// error toasts still showing, by key (clearErrors closes them)
const openErrors = new Set<string>();
type ConfirmApi = { confirm(props: ModalFuncProps): unknown };
type SuccessApi = { success(props: ModalFuncProps): unknown };
export interface FeedbackApis {
  message: MessageApi;
  modal: ConfirmApi & SuccessApi;
}

// Every mounted antd <App> (the page's, and those of the layout's parts that load antd on their
// own: sidebar menu, dialogs, drawers; ADR 0050): the latest one shows the feedback, and when it
// goes, the one before it again.
const installedStack: FeedbackApis[] = [];
let statics: Promise<FeedbackApis> | null = null;

export function installFeedback(message: MessageApi, modal: ConfirmApi & SuccessApi): () => void {
  const apis = { message, modal };
  installedStack.push(apis);
  return () => {
    const at = installedStack.indexOf(apis);
    if (at >= 0) installedStack.splice(at, 1);
  };
}

/** Runs `use` with the installed APIs, or with antd's static ones once their chunk is here. */
function withApis(use: (apis: FeedbackApis) => void, staticOnly = false): void {
  const installed = installedStack.at(-1);
  if (installed && !staticOnly) {
    use(installed);
    return;
  }
  statics ??= import('./feedbackStatic').then((m) => m.staticFeedback());
  void statics.then(use);
}

export const feedback = {
  // keyed by text: the same message raised twice at once (parallel calls failing alike, e.g. an
  // expired session) shows as one toast, not a stack of copies
  error(content: string, durationMs: number) {
    const key = `error:${content}`;
    openErrors.add(key);
    withApis((a) => a.message.error({ content, duration: durationMs / 1000, key, onClose: () => openErrors.delete(key) }));
  },
  /** Closes the error toasts still showing (a wizard's step error must not linger into the next step). */
  clearErrors() {
    const keys = [...openErrors];
    openErrors.clear();
    withApis((a) => {
      for (const key of keys) a.message.destroy(key);
    });
  },
  success(content: string) {
    withApis((a) => a.message.success(content));
  },
  /**
   * A success message that stays on screen while the app leaves the layout (e.g. to /login): the
   * layout's antd <App> holder goes with the layout, antd's static holder does not.
   */
  successAcrossPages(content: string) {
    withApis((a) => a.message.success(content), true);
  },
  warning(content: string) {
    withApis((a) => a.message.warning(content));
  },
  /** Resolves true when the user picks the OK button. */
  confirm(opts: { title: string; content: string; okText: string; cancelText: string }): Promise<boolean> {
    return new Promise((resolve) => {
      withApis((a) => a.modal.confirm({ ...opts, onOk: () => resolve(true), onCancel: () => resolve(false) }));
    });
  },
  /** An information dialog with one OK button; resolves when it is closed. */
  notice(opts: { title: string; content: string }): Promise<void> {
    return new Promise((resolve) => {
      withApis((a) => a.modal.success({ ...opts, onOk: () => resolve(), afterClose: () => resolve() }));
    });
  },
  reload() {
    window.location.reload();
  },
};
