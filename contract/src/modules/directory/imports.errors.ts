import { AdminMsg, ImportMsg } from './admin.schemas.ts';

/** Workbook imports (users, participants, questions): one at a time per company, files by their owner. */
export const ImportErrors = {
  IMPORT_BUSY: '已有一个导入正在进行，请等待其完成后再试',
  IMPORT_QUEUE_FULL: '当前导入任务较多，请稍后再试',
  IMPORT_FILE_GONE: '文件不存在或已过期，请重新上传',
  IMPORT_FILE_REQUIRED: AdminMsg.chooseFile,
  IMPORT_FILE_TYPE: AdminMsg.importFileType,
  IMPORT_XLS_UNSUPPORTED: AdminMsg.xlsUnsupported,
  IMPORT_FILE_TOO_LARGE: '文件过大，请拆分后分批导入',
  IMPORT_UNREADABLE: '文件内容无法识别，请使用导入模板重新填写',
  IMPORT_ENCRYPTED: '不支持加密的文件，请取消密码后再上传',
  IMPORT_UNZIP_BROKEN: '文件解压后过大或已损坏，请检查后重新上传',
  IMPORT_UNZIP_TOO_LARGE: '文件解压后过大，请拆分后分批导入',
  IMPORT_NO_SHEET: '文件中没有工作表',
  IMPORT_NO_ROWS: '文件中没有数据行',
  /** message: ImportMsg.headerMissing(cols) or ImportMsg.headerNeedsOne(a, b) */
  IMPORT_HEADER_MISSING: '表头缺少列，请使用导入模板',
  IMPORT_TOO_MANY_ROWS: ImportMsg.tooManyRows,
  /** message: the first 20 cell errors, one a line; data: all of them */
  IMPORT_INVALID: '导入数据有错误，请修改后重新导入',
  /** a large import's job waited so long that its hold on the company's import expired */
  IMPORT_JOB_EXPIRED: '导入等待时间过长已取消，请重新导入',
  /** the file's reader (a worker thread) did not finish within IMPORT_PARSE_BUDGET_MS: nothing was imported */
  IMPORT_READ_TIMEOUT: '文件过大或内容过于复杂，未能在限定时间内读完，未导入任何内容；请检查文件或拆分后分批导入',
  /** the file's reader stopped (out of memory): nothing was imported */
  IMPORT_READ_FAILED: '文件过大或内容过于复杂，无法读取，未导入任何内容；请检查文件或拆分后分批导入',
  /** GetImportJob for a job that is not the caller's own import */
  IMPORT_JOB_NOT_FOUND: '导入任务不存在',
} as const;
