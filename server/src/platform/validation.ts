import { z } from 'zod';

// zod's own messages in Chinese, marked so the field name can be put in front of them;
// messages written in contract/ (e.g. 请输入用户名) are shown exactly as written.
const GENERIC = '\u0000';
const zh = z.locales.zhCN();
z.config({
  localeError: (issue) => {
    const m = zh.localeError?.(issue);
    const text = typeof m === 'string' ? m : (m?.message ?? '无效输入');
    return `${GENERIC}${text}`;
  },
});

export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数有误';
  if (!issue.message.startsWith(GENERIC)) return issue.message;
  const field = issue.path.map(String).join('.');
  const text = issue.message.slice(1);
  return field ? `参数 ${field} 有误：${text}` : `请求参数有误：${text}`;
}
