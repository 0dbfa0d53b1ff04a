import { DEFAULT_THEME_COLOR } from '@xuetu/contract';
import { Button, ColorPicker, Drawer, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useAppStore } from '../store/app';
import { useSettings } from '../store/settings';

const PRESETS = [DEFAULT_THEME_COLOR, '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="xt-setting-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsDrawer() {
  const open = useAppStore((s) => s.settingsOpen);
  const setOpen = useAppStore((s) => s.setSettingsOpen);
  const s = useSettings();
  return (
    <Drawer title="系统布局配置" open={open} onClose={() => setOpen(false)} size={280} data-testid="settings-drawer">
      <Row label="主题色">
        <ColorPicker
          data-testid="settings-theme"
          aria-label="主题色"
          value={s.theme}
          presets={[{ label: '推荐', colors: PRESETS }]}
          onChangeComplete={(c) => s.change('theme', c.toHexString())}
        />
      </Row>
      <Row label="高对比度">
        <Switch
          data-testid="settings-high-contrast"
          aria-label="高对比度"
          checked={s.highContrast}
          onChange={(v) => s.change('highContrast', v)}
        />
      </Row>
      <Row label="开启 Tags-View">
        <Switch
          data-testid="settings-tags-view"
          aria-label="开启 Tags-View"
          checked={s.tagsView}
          onChange={(v) => s.change('tagsView', v)}
        />
      </Row>
      <Row label="固定 Header">
        <Switch
          data-testid="settings-fixed-header"
          aria-label="固定 Header"
          checked={s.fixedHeader}
          onChange={(v) => s.change('fixedHeader', v)}
        />
      </Row>
      <Row label="侧边栏 Logo">
        <Switch
          data-testid="settings-sidebar-logo"
          aria-label="侧边栏 Logo"
          checked={s.sidebarLogo}
          onChange={(v) => s.change('sidebarLogo', v)}
        />
      </Row>
      <Button block style={{ marginTop: 24 }} onClick={s.reset}>
        恢复默认
      </Button>
    </Drawer>
  );
}
