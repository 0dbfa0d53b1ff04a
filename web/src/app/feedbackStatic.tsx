// antd's static message/modal, for feedback outside the layout's antd <App> (the public pages).
// Its own chunk: loaded the first time such a page shows a message or a dialog.
import { ConfigProvider, Modal, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { FeedbackApis } from './feedback';
import { useAppStore } from './store/app';
import { useSettings } from './store/settings';
import { appTheme, prefersReducedMotion } from './theme';

let configured = false;

/** The app's theme as AntdConfig gives it (高对比度 too; no motion for visitors who ask for less). */
export const holderTheme = () => appTheme(useSettings.getState(), !prefersReducedMotion());

export function staticFeedback(): FeedbackApis {
  if (!configured) {
    configured = true;
    // the static holders render outside the app's tree: give them the app's theme, size and locale
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider
          locale={zhCN}
          componentSize={useAppStore.getState().size}
          // both were missing from the public pages' dialogs and toasts
          theme={holderTheme()}
        >
          {children}
        </ConfigProvider>
      ),
    });
  }
  return { message, modal: Modal };
}
