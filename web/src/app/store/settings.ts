// Settings drawer values, kept in a cookie across reloads (like the sidebar's and the size's).
import { DEFAULT_THEME_COLOR } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

export const SETTINGS_STORAGE_KEY = 'xuetu-settings';

export interface Settings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  /** 高对比度: a darker primary colour and darker secondary texts, passing WCAG AA everywhere */
  highContrast: boolean;
}

export const defaultSettings: Settings = {
  theme: DEFAULT_THEME_COLOR,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  highContrast: false,
};

interface SettingsState extends Settings {
  change<K extends keyof Settings>(key: K, value: Settings[K]): void;
  reset(): void;
}

const COOKIE = { expires: 365, sameSite: 'lax' } as const;

/**
 * The settings' storage: a cookie. They were in localStorage, whose first read on a page load is a
 * synchronous trip to the browser's storage (2–12 ms of every signed-in load's start on a phone,
 * issue 23 item 11; `npm run bench:profile`). A browser without the cookie yet reads
 * localStorage once, moves what it finds (or nothing) to the cookie, and never reads it again.
 */
export const settingsStorage: StateStorage = {
  getItem(name) {
    const kept = Cookies.get(name);
    if (kept !== undefined) return kept;
    let old: string | null = null;
    try {
      old = localStorage.getItem(name);
      localStorage.removeItem(name);
    } catch {
      // storage refused (private mode): the defaults
    }
    Cookies.set(name, old ?? JSON.stringify({ state: {}, version: 0 }), COOKIE);
    return old;
  },
  setItem: (name, value) => Cookies.set(name, value, COOKIE),
  removeItem: (name) => Cookies.remove(name),
};

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      reset: () => set({ ...defaultSettings }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => settingsStorage),
      partialize: ({ theme, tagsView, fixedHeader, sidebarLogo, highContrast }) => ({
        theme,
        tagsView,
        fixedHeader,
        sidebarLogo,
        highContrast,
      }),
    },
  ),
);
