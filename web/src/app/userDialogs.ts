// The user dropdown's dialogs (个人信息 / 修改密码 / 注销账户). Anything may open one:
// `openUserDialog('password')`. The components are plugged in app/layout/UserDialogs.tsx.
import { create } from 'zustand';

export type UserDialogKind = 'profile' | 'password' | 'cancel';

export interface UserDialogProps {
  open: boolean;
  onClose(): void;
}

export const USER_DIALOG_TITLES: Record<UserDialogKind, string> = {
  profile: '个人信息',
  password: '修改密码',
  cancel: '注销账户',
};

export const useUserDialogs = create<{ open: UserDialogKind | null; openDialog(kind: UserDialogKind): void; close(): void }>((set) => ({
  open: null,
  openDialog: (kind) => set({ open: kind }),
  close: () => set({ open: null }),
}));

export const openUserDialog = (kind: UserDialogKind) => useUserDialogs.getState().openDialog(kind);
