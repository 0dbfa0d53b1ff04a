// Sidebar open state and component size persist in cookies (spec portal-and-learner §2);
// the device follows the window width (mobile under 992 px).
import { MOBILE_BREAKPOINT_PX } from '@xuetu/contract';
import { create } from 'zustand';
import { readCookie, writeCookie } from '../cookies.ts';

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';

export type ComponentSize = 'small' | 'middle' | 'large';
export type Device = 'desktop' | 'mobile';

const readSize = (): ComponentSize => {
  const v = readCookie(SIZE_COOKIE);
  return v === 'small' || v === 'large' ? v : 'middle';
};

export const isMobileWidth = (width: number) => width < MOBILE_BREAKPOINT_PX;

interface AppState {
  sidebarOpened: boolean;
  device: Device;
  size: ComponentSize;
  settingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
  toggleSidebar(): void;
  closeSidebar(): void;
  /** back from a phone's width: the desktop sidebar as the user last left it (its cookie) */
  restoreSidebar(): void;
  setDevice(device: Device): void;
  setSize(size: ComponentSize): void;
}

/** a phone starts with its sidebar (a drawer there) closed: not opened, loaded and closed again at once */
const mobileAtStart = typeof window !== 'undefined' && isMobileWidth(window.innerWidth);

export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: !mobileAtStart && readCookie(SIDEBAR_COOKIE) !== '0',
  device: mobileAtStart ? 'mobile' : 'desktop',
  size: readSize(),
  settingsOpen: false,
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
  toggleSidebar() {
    const opened = !get().sidebarOpened;
    writeCookie(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebarOpened: opened });
  },
  closeSidebar() {
    // on a phone the sidebar is a drawer: closing it should not collapse the desktop sidebar
    if (get().device !== 'mobile') writeCookie(SIDEBAR_COOKIE, '0');
    set({ sidebarOpened: false });
  },
  restoreSidebar() {
    set({ sidebarOpened: readCookie(SIDEBAR_COOKIE) !== '0' });
  },
  setDevice(device) {
    set({ device });
  },
  setSize(size) {
    writeCookie(SIZE_COOKIE, size);
    set({ size });
  },
}));

/** True under 992 px, where the sidebar is a drawer and admin pages stack their panes. */
export const useIsMobile = () => useAppStore((s) => s.device === 'mobile');
