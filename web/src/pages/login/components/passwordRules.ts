import { Msg, PASSWORD_PATTERN } from '@xuetu/contract';
import type { FormInstance, FormRule } from 'antd';

/** spec §5: at least 8, upper, lower and one of # ? ! @ $ % ^ & * - */
export const passwordRules = (requiredMsg: string = Msg.passwordRequired): FormRule[] => [
  { required: true, message: requiredMsg },
  { pattern: PASSWORD_PATTERN, message: Msg.passwordRule },
];

/** The confirmation must equal `field` (您两次输入的密码不一致！请重试！). */
export const confirmRules = (field: string, requiredMsg: string): FormRule[] => [
  { required: true, message: requiredMsg },
  { pattern: PASSWORD_PATTERN, message: Msg.passwordRule },
  (form: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: (_: unknown, value: string) =>
      !value || value === form.getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(Msg.passwordMismatch)),
  }),
];
