import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { removeCookie } from '../cookies';
import { SIDEBAR_COOKIE, SIZE_COOKIE, useAppStore } from './app';
import { defaultSettings, SETTINGS_STORAGE_KEY, settingsStorage, useSettings } from './settings';

describe('settings drawer values', () => {
  it('default to theme #409EFF with tags view and sidebar logo on', () => {
    expect(defaultSettings).toEqual({ theme: '#409EFF', tagsView: true, fixedHeader: false, sidebarLogo: true, highContrast: false });
  });

  it('persist in a cookie', () => {
    useSettings.getState().change('fixedHeader', true);
    useSettings.getState().change('theme', '#11a983');
    const saved = JSON.parse(Cookies.get(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(saved.state).toEqual({ theme: '#11a983', tagsView: true, fixedHeader: true, sidebarLogo: true, highContrast: false });
    useSettings.getState().reset();
  });

  it('are read from the cookie when the store is made, localStorage untouched (a synchronous trip to the browser)', async () => {
    Cookies.set(SETTINGS_STORAGE_KEY, JSON.stringify({ state: { theme: '#11a983', highContrast: true }, version: 0 }));
    const storage = vi.spyOn(window, 'localStorage', 'get');
    vi.resetModules();
    const fresh = (await import('./settings')).useSettings;
    expect(fresh.getState()).toMatchObject({ theme: '#11a983', highContrast: true, tagsView: true });
    expect(storage).not.toHaveBeenCalled();
    storage.mockRestore();
    fresh.getState().change('tagsView', false);
    expect(JSON.parse(Cookies.get(SETTINGS_STORAGE_KEY) ?? '{}')).toEqual({
      state: { theme: '#11a983', tagsView: false, fixedHeader: false, sidebarLogo: true, highContrast: true },
      version: 0,
    });
    Cookies.remove(SETTINGS_STORAGE_KEY);
  });

  it('move from localStorage (where they were kept before) to the cookie once, and read the cookie after', () => {
    removeCookie(SETTINGS_STORAGE_KEY);
    const old = JSON.stringify({ state: { theme: '#11a983', highContrast: true }, version: 0 });
    localStorage.setItem(SETTINGS_STORAGE_KEY, old);
    expect(settingsStorage.getItem(SETTINGS_STORAGE_KEY)).toBe(old);
    expect(Cookies.get(SETTINGS_STORAGE_KEY)).toBe(old);
    expect(localStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    // nothing kept anywhere: the defaults, and a cookie that says so (no localStorage read next time)
    removeCookie(SETTINGS_STORAGE_KEY);
    const read = vi.spyOn(Storage.prototype, 'getItem');
    expect(settingsStorage.getItem(SETTINGS_STORAGE_KEY)).toBeNull();
    expect(JSON.parse(Cookies.get(SETTINGS_STORAGE_KEY) ?? '')).toEqual({ state: {}, version: 0 });
    read.mockClear();
    expect(JSON.parse(String(settingsStorage.getItem(SETTINGS_STORAGE_KEY)))).toEqual({ state: {}, version: 0 });
    expect(read).not.toHaveBeenCalled();
    read.mockRestore();
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
