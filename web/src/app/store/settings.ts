// Settings drawer values, kept in localStorage across reloads.
import { DEFAULT_THEME_COLOR } from '@xuetu/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      ...defaultSettings,
      change: (key, value) => set({ [key]: value } as Partial<Settings>),
      reset: () => set({ ...defaultSettings }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
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
