import { AdminMsg, FileVisibility, importsApi, Msg, Perm, type UploadResult } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { fileUrl, type StoredUpload, signedFileUrl, streamUpload } from '../../../platform/files/index.ts';
import { routesOf } from '../../../platform/route.ts';
import { PICKER_ACCESS } from '../users/access.ts';
import { withImportSlot } from './gate.ts';
import { matchListedUsers, planImport } from './imports.service.ts';
import { importJobStatus, saveImport } from './jobs.ts';
import { readUploadedSheet } from './sheet.ts';

const IMPORT_ACCESS = { action: Perm.UserImportExport };
/** the two upload routes' own allowance: an upload is stored before anything checks it */
const UPLOADS_PER_USER = { max: 60, timeWindow: '1 minute', per: 'user' } as const;

/** What an upload answers: where to read the stored file (`url`), its key, name and size. */
const uploadResult = (stored: StoredUpload, url: string): UploadResult => ({
  url,
  path: stored.key,
  name: stored.filename,
  size: stored.size,
});

export const importRoutes = routesOf(importsApi, {
  checkuserinfo: {
    access: IMPORT_ACCESS,
    summary: '导入数据检查：每个错误一条（行号、列、原因）',
    handler: async ({ input, caller }) => {
      const plan = await withImportSlot(caller, async () =>
        planImport(caller, await readUploadedSheet(caller, input.urls), input.companySysCode),
      );
      return withMsg(
        plan.errors,
        plan.errors.length ? AdminMsg.importCheckErrors(plan.rows.length + countRows(plan.errors), countRows(plan.errors)) : '',
      );
    },
  },
  saveExportIn: {
    access: IMPORT_ACCESS,
    summary: '导入学员（全部成功或全部不导入；按身份证号更新已有学员）；超过 500 行时后台导入，返回 jobId',
    handler: async ({ input, caller }) => {
      const out = await saveImport(caller, input);
      if (out.kind === 'started') return withMsg({ jobId: out.jobId, rows: out.rows }, AdminMsg.importStarted(out.rows));
      return withMsg({ added: out.added, updated: out.updated }, AdminMsg.importDone(out.added, out.updated));
    },
  },
  getImportJob: {
    access: IMPORT_ACCESS,
    summary: '后台导入的进度与结果（仅限发起导入的本人）',
    handler: ({ input, caller }) => importJobStatus(caller, input.jobId),
  },
  userExportIn: {
    access: { action: [Perm.UserImportExport, ...PICKER_ACCESS] },
    summary: '按表格中的身份证号/手机号查找学员（参与人选择）',
    handler: async ({ input, caller }) => {
      const { users, msg } = await withImportSlot(caller, async () =>
        matchListedUsers(caller, await readUploadedSheet(caller, input.urls)),
      );
      return withMsg(users, msg);
    },
  },
  getwwwrootUrl: {
    access: 'user',
    summary: '站点根地址（msg）',
    handler: async ({ req }) => withMsg(null, `${req.protocol}://${req.host}`),
  },
  uploadZFileByFormTemporarily: {
    access: 'user',
    rateLimit: UPLOADS_PER_USER,
    summary: '临时上传导入文件（表格；试题导入还可上传 Moodle XML、GIFT、Aiken、QTI 资源包）',
    handler: async ({ caller, upload }) => {
      // workbooks of people's data: private, read back only through a short-lived signed link
      const stored = await streamUpload(
        caller,
        upload,
        {
          kinds: ['spreadsheet', 'questionbank'],
          maxBytes: 10 * 1024 * 1024,
          typeMessage: AdminMsg.importFileType,
          sizeMessage: AdminMsg.importFileSize,
        },
        { prefix: 'tmp/import', purpose: 'import', visibility: FileVisibility.Private },
      );
      return uploadResult(stored, signedFileUrl(caller, stored.key));
    },
  },
  uploadZFileByForm: {
    access: 'user',
    rateLimit: UPLOADS_PER_USER,
    summary: '上传文件（文档、表格、图片）',
    handler: async ({ caller, upload }) => {
      const stored = await streamUpload(
        caller,
        upload,
        {
          kinds: ['document', 'image'],
          maxBytes: caller.ctx.env.UPLOAD_LIMIT_BYTES,
          typeMessage: Msg.fileTypeUnsupported,
          sizeMessage: Msg.fileTooLarge,
        },
        { prefix: 'upload', purpose: 'upload' },
      );
      return uploadResult(stored, fileUrl(stored.key));
    },
  },
});

/** Distinct row numbers among the messages ('第N行，…'). */
function countRows(errors: string[]): number {
  return new Set(errors.map((e) => /^第(\d+)行/.exec(e)?.[1])).size;
}
