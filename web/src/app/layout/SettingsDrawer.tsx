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

type SwitchSetting = 'highContrast' | 'tagsView' | 'fixedHeader' | 'sidebarLogo';

/** The drawer's on/off settings: label (also the switch's accessible name), test id, setting. */
const SWITCHES: [label: string, testId: string, key: SwitchSetting][] = [
  ['高对比度', 'settings-high-contrast', 'highContrast'],
  ['开启 Tags-View', 'settings-tags-view', 'tagsView'],
  ['固定 Header', 'settings-fixed-header', 'fixedHeader'],
  ['侧边栏 Logo', 'settings-sidebar-logo', 'sidebarLogo'],
];

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
      {SWITCHES.map(([label, testId, key]) => (
        <Row key={key} label={label}>
          <Switch data-testid={testId} aria-label={label} checked={s[key]} onChange={(v) => s.change(key, v)} />
        </Row>
      ))}
      <Button block style={{ marginTop: 24 }} onClick={s.reset}>
        恢复默认
      </Button>
    </Drawer>
  );
}
