import { Perm } from '@xuetu/contract';

/**
 * Who may read people, departments and posts for picking them: the user pages themselves and the
 * participant selection dialog of training projects, exams and the message-send page.
 */
export const PICKER_ACCESS = [Perm.UserList, Perm.ProjectEdit, Perm.ExamEdit, Perm.MessageSend] as const;

/** Row actions exist only in edit mode, which either edit-mode action switches on (spec §2). */
export const EDIT_MODE = [Perm.UserSysEdit, Perm.UserCompanyEdit] as const;
