import { post } from './request';

const base = '/Api/SysConfig/sys_message';

/** Query key of the unread count; invalidate it after marking a message read. */
export const NO_READ_COUNT_KEY = ['sys_message', 'GetNoReadCount'] as const;

export const getNoReadCount = () => post<number>(`${base}/GetNoReadCount`);
