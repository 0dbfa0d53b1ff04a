import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { SIDEBAR_COOKIE, SIZE_COOKIE, useAppStore } from './app';
import { defaultSettings, SETTINGS_STORAGE_KEY, useSettings } from './settings';

describe('settings drawer values', () => {
  it('default to theme #409EFF with tags view and sidebar logo on', () => {
    expect(defaultSettings).toEqual({ theme: '#409EFF', tagsView: true, fixedHeader: false, sidebarLogo: true, highContrast: false });
  });

  it('persist in localStorage', () => {
    useSettings.getState().change('fixedHeader', true);
    useSettings.getState().change('theme', '#11a983');
    const saved = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(saved.state).toEqual({ theme: '#11a983', tagsView: true, fixedHeader: true, sidebarLogo: true, highContrast: false });
    useSettings.getState().reset();
  });
});

describe('sidebar and size', () => {
  it('keep the sidebar state and component size in cookies', () => {
    useAppStore.setState({ sidebarOpened: true, device: 'desktop' });
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    useAppStore.getState().toggleSidebar();
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
    useAppStore.getState().setSize('small');
    expect(Cookies.get(SIZE_COOKIE)).toBe('small');
  });

  it('closing the phone drawer leaves the desktop cookie alone', () => {
    useAppStore.setState({ sidebarOpened: true, device: 'mobile' });
    Cookies.set(SIDEBAR_COOKIE, '1');
    useAppStore.getState().closeSidebar();
    expect(useAppStore.getState().sidebarOpened).toBe(false);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
  });
});
