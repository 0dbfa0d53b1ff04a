/** Workbook imports (users, participants, questions): one at a time per company, files by their owner. */
export const ImportErrors = {
  IMPORT_BUSY: '已有一个导入正在进行，请等待其完成后再试',
  IMPORT_QUEUE_FULL: '当前导入任务较多，请稍后再试',
  IMPORT_FILE_GONE: '文件不存在或已过期，请重新上传',
} as const;
