import { UploadOutlined } from '@ant-design/icons';
import {
  AdminMsg,
  COMPANY_USER_TEMPLATE_URL,
  IMPORT_DIALOG_WIDTH,
  IMPORT_RESULT_ROWS,
  importsApi,
  USER_TEMPLATE_URL,
} from '@xuetu/contract';
import { App, Button, Input, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { call, callEnvelope } from '../../../../api/client';
import { ApiError } from '../../../../api/request';
import { useAppMutation } from '../../../../app/useAppMutation';
import { CompanySelect, useIsPlatform } from '../../shared';
import { useImportFile } from '../../useImportFile';

const EXCEL = /\.(xls|xlsx)$/i;
/** How often a large import's job is asked how it stands. */
export const IMPORT_POLL_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A failure nobody has shown yet: a refusal of a silent call (the import, its job) or the job's own failure. */
class ImportFailure extends Error {}
const unshown = (err: unknown): never => {
  throw err instanceof ApiError ? new ImportFailure(err.message) : err;
};

/** 导入学员 (spec §2 "User import dialog"): choose file → 数据检查 → 导入. */
export function ImportDialog(props: { open: boolean; onClose: () => void; onImported: () => void; defaultCompany?: string }) {
  const { message } = App.useApp();
  const isPlatform = useIsPlatform();
  const { files, choose, clear, ensureUploaded } = useImportFile();
  const [result, setResult] = useState('');
  const [company, setCompany] = useState<string | undefined>(props.defaultCompany);
  /** a large import running as a background job: its progress (0–100), null otherwise */
  const [jobProgress, setJobProgress] = useState<number | null>(null);
  /** bumped when the dialog closes or unmounts: a running poll stops following its job */
  const generation = useRef(0);

  useEffect(() => {
    if (props.open) {
      clear();
      setResult('');
      setJobProgress(null);
      setCompany(props.defaultCompany);
    }
    return () => {
      generation.current++;
    };
  }, [props.open, props.defaultCompany, clear]);

  const check = useAppMutation({
    mutationFn: async () => {
      const u = await ensureUploaded();
      return u ? callEnvelope(importsApi.checkuserinfo, { urls: [u], companySysCode: company ?? '' }) : null;
    },
    onSuccess: (res) => {
      if (!res) return;
      if (res.data.length) {
        setResult([res.msg, ...res.data].filter(Boolean).join('\n'));
        message.warning(res.msg || '数据检查未通过');
      } else {
        setResult(res.msg || AdminMsg.checkOkNoError);
        message.success(res.msg ? AdminMsg.checkOk : AdminMsg.checkOkNoError);
      }
    },
  });

  /** The summary of the import, or null when there was nothing to import or the dialog closed meanwhile. */
  const runImport = useAppMutation({
    mutationFn: async (): Promise<string | null> => {
      const u = await ensureUploaded();
      if (!u) return null;
      const res = await callEnvelope(importsApi.saveExportIn, { urls: [u], companySysCode: company ?? '' }, { silent: true }).catch(
        unshown,
      );
      setResult(res.msg);
      // a large file: the server writes it in the background; follow the job until it ends
      return 'jobId' in res.data ? followJob(res.data.jobId) : res.msg;
    },
    success: (summary) => (summary === null ? undefined : AdminMsg.imported),
    onSuccess: (summary) => {
      if (summary === null) return;
      setResult(summary);
      props.onImported();
    },
    onError: (err) => {
      const msg = err instanceof Error ? err.message : String(err);
      setResult(msg);
      // the upload's refusal was toasted by the request wrapper; the rest nobody has shown yet
      if (!(err instanceof ApiError)) message.error(msg.split('\n')[0]);
    },
  });

  /** Polls the import job every IMPORT_POLL_MS until it is done (its summary) or failed, or the dialog closes (null). */
  const followJob = async (jobId: number): Promise<string | null> => {
    const mine = generation.current;
    setJobProgress(0);
    try {
      for (;;) {
        await wait(IMPORT_POLL_MS);
        if (generation.current !== mine) return null;
        const job = await call(importsApi.getImportJob, { jobId }, { silent: true }).catch(unshown);
        if (generation.current !== mine) return null;
        setJobProgress(job.progress);
        if (job.status === 'done') return AdminMsg.importDone(job.added, job.updated);
        if (job.status === 'failed') throw new ImportFailure(job.error);
      }
    } finally {
      setJobProgress(null);
    }
  };

  return (
    <Modal
      open={props.open}
      title="导入学员"
      width={IMPORT_DIALOG_WIDTH}
      mask={{ closable: false }}
      onCancel={props.onClose}
      destroyOnHidden
      data-testid="import-dialog"
      footer={
        <Space>
          <Button onClick={props.onClose}>取消</Button>
          <Button onClick={() => check.mutate()} loading={check.isPending} data-testid="import-check">
            数据检查
          </Button>
          <Button type="primary" onClick={() => runImport.mutate()} loading={runImport.isPending} data-testid="import-submit">
            导入
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <Upload
            accept=".xls,.xlsx"
            maxCount={1}
            fileList={files}
            beforeUpload={(file, batch) => {
              if (batch.length > 1) {
                message.warning(`当前限制选择 1 个文件，本次选择了 ${batch.length} 个文件，共选择了 ${batch.length + files.length} 个文件`);
                return Upload.LIST_IGNORE;
              }
              if (!EXCEL.test(file.name)) {
                message.warning(AdminMsg.importFileType);
                return Upload.LIST_IGNORE;
              }
              choose([{ uid: file.uid, name: file.name, originFileObj: file, status: 'done' }]);
              setResult('');
              return false;
            }}
            onRemove={clear}
          >
            <Button icon={<UploadOutlined />} data-testid="import-choose">
              选择文件
            </Button>
          </Upload>
          <Typography.Text type="secondary">只能上传 xls/xlsx 文件，且只能选择 1 个</Typography.Text>
        </Space>
        <Space wrap>
          <span>模板下载：</span>
          <a href={USER_TEMPLATE_URL} download>
            学员导入模板
          </a>
          {isPlatform && (
            <>
              <a href={COMPANY_USER_TEMPLATE_URL} download>
                含公司编码的导入模板
              </a>
              <CompanySelect value={company} onChange={setCompany} placeholder="使用学员导入模板时选择公司" style={{ width: 280 }} />
            </>
          )}
        </Space>
        {jobProgress !== null && <Progress percent={jobProgress} status="active" data-testid="import-progress" />}
        <Input.TextArea readOnly rows={IMPORT_RESULT_ROWS} value={result} placeholder="数据检查结果" data-testid="import-result" />
      </Space>
    </Modal>
  );
}
