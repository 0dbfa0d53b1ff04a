// Settings drawer values, kept in a cookie across reloads (like the sidebar's and the size's).
import { DEFAULT_THEME_COLOR } from '@xuetu/contract';
import { create } from 'zustand';
import { readCookie, removeCookie, writeCookie } from '../cookies.ts';

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
export const settingsStorage = {
  getItem(name: string): string | null {
    const kept = readCookie(name);
    if (kept !== undefined) return kept;
    let old: string | null = null;
    try {
      old = localStorage.getItem(name);
      localStorage.removeItem(name);
    } catch {
      // storage refused (private mode): the defaults
    }
    writeCookie(name, old ?? JSON.stringify({ state: {}, version: 0 }), COOKIE);
    return old;
  },
  setItem: (name: string, value: string) => writeCookie(name, value, COOKIE),
  removeItem: (name: string) => removeCookie(name),
};

const keptOf = ({ theme, tagsView, fixedHeader, sidebarLogo, highContrast }: Settings): Settings => ({
  theme,
  tagsView,
  fixedHeader,
  sidebarLogo,
  highContrast,
});

/** What the cookie holds, in zustand persist's format (`{ state, version: 0 }`), which it was written in. */
function readKept(): Partial<Settings> {
  const text = settingsStorage.getItem(SETTINGS_STORAGE_KEY);
  if (!text) return {};
  try {
    const kept = JSON.parse(text) as { state?: Partial<Settings>; version?: number };
    return kept.version === undefined || kept.version === 0 ? (kept.state ?? {}) : {};
  } catch {
    return {};
  }
}

// Read once at start and written on every change, as zustand's persist middleware did; not that
// middleware: its default storage touches window.localStorage when the store is made, whatever
// storage it is given (a synchronous trip to the browser's storage on every page load, 10-20 ms
// of the boot's start unthrottled, issue 39 item 2; `npm run bench:profile`)
export const useSettings = create<SettingsState>()((set) => ({
  ...defaultSettings,
  ...readKept(),
  change: (key, value) => set({ [key]: value } as Partial<Settings>),
  reset: () => set({ ...defaultSettings }),
}));
useSettings.subscribe((state) => settingsStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ state: keptOf(state), version: 0 })));
