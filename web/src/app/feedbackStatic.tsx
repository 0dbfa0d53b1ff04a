// antd's static message/modal, for feedback outside the layout's antd <App> (the public pages).
// Its own chunk: loaded the first time such a page shows a message or a dialog.
import { ConfigProvider, Modal, message } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { FeedbackApis } from './feedback';
import { useAppStore } from './store/app';
import { useSettings } from './store/settings';

let configured = false;

export function staticFeedback(): FeedbackApis {
  if (!configured) {
    configured = true;
    // the static holders render outside the app's tree: give them the app's theme, size and locale
    ConfigProvider.config({
      holderRender: (children) => (
        <ConfigProvider
          locale={zhCN}
          componentSize={useAppStore.getState().size}
          theme={{ token: { colorPrimary: useSettings.getState().theme } }}
        >
          {children}
        </ConfigProvider>
      ),
    });
  }
  return { message, modal: Modal };
}
