import { UploadOutlined } from '@ant-design/icons';
import {
  examsApi,
  IMPORT_DIALOG_WIDTH,
  QUESTION_FILE_ACCEPT,
  QUESTION_FORMAT_HELP,
  QUESTION_FORMAT_LABELS,
  QUESTION_IMPORT_FORMATS,
  QUESTION_REFUSED_NAME,
  QUESTION_TEMPLATE_NAME,
  type QuestionDirNode,
  type QuestionImportCheck,
  type QuestionImportError,
  type QuestionImportFormat,
  type QuestionRefused,
} from '@xuetu/contract';
import { Alert, Button, Form, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { callDownload, callEnvelope } from '../../../../api/client';
import { ApiError } from '../../../../api/request';
import { useAppMutation } from '../../../../app/useAppMutation';
import type { DirDialogProps } from '../../TreeTablePage';
import { useImportFile } from '../../useImportFile';
import { DirSelect, DownloadButton } from '../shared';

/**
 * 导入试题: template → choose file → 数据检查 (row, column, reason) → 导入 (all or nothing). When
 * some rows are refused: 导入有效的 N 行 (only the rows that passed, all of them or none) and
 * 下载未通过的行 (those rows with a 原因 column, to fix and import again). Besides the xlsx
 * template it reads Moodle XML, GIFT, Aiken and QTI 2.1 (issue 27): the check then also lists the
 * questions of a kind the bank cannot hold, which 导入 skips, and the directories it creates.
 */
export function QuestionImportDialog(props: DirDialogProps<QuestionDirNode> & { onImported: () => void }) {
  const { files, choose, clear, ensureUploaded } = useImportFile();
  const [dirCode, setDirCode] = useState(props.defaultDir);
  const [format, setFormat] = useState<QuestionImportFormat | ''>('');
  const [result, setResult] = useState<{
    type: 'success' | 'warning' | 'error';
    msg: string;
    errors: QuestionImportError[];
    valid: number;
    check?: QuestionImportCheck;
  } | null>(null);

  useEffect(() => {
    if (props.open) {
      clear();
      setResult(null);
      setFormat('');
      setDirCode(props.defaultDir);
    }
  }, [props.open, props.defaultDir, clear]);

  const body = (u: string) => ({ urls: [u], dirCode, companySysCode: props.company, ...(format ? { format } : {}) });
  // a refusal keeps its reason and the rows at fault on screen; the check's was toasted by the
  // request wrapper as well, the import is silent (its reason is the Alert alone)
  const showFailure = (err: unknown) => {
    const data = err instanceof ApiError ? (err.envelope?.data as QuestionImportCheck | null | undefined) : null;
    setResult({
      type: 'error',
      msg: err instanceof Error ? err.message : String(err),
      errors: data?.errors ?? [],
      valid: validRows(data),
      check: data ?? undefined,
    });
  };
  const template = useAppMutation({ mutationFn: () => callDownload(examsApi.getTemplate, {}, { fileName: QUESTION_TEMPLATE_NAME }) });
  const check = useAppMutation({
    mutationFn: async () => {
      const u = await ensureUploaded();
      return u ? callEnvelope(examsApi.importCheck, body(u)) : null;
    },
    onSuccess: (res) =>
      res &&
      setResult({
        type: res.data.errors.length ? 'error' : res.data.refused?.length ? 'warning' : 'success',
        msg: res.msg,
        errors: res.data.errors,
        valid: validRows(res.data),
        check: res.data,
      }),
    onError: showFailure,
  });
  const runImport = useAppMutation({
    mutationFn: async (skipInvalid: boolean) => {
      const u = await ensureUploaded();
      return u ? callEnvelope(examsApi.import, { ...body(u), ...(skipInvalid ? { skipInvalid } : {}) }, { silent: true }) : null;
    },
    success: (res) => res?.msg,
    onSuccess: (res) => {
      if (!res) return;
      setResult({ type: 'success', msg: res.msg, errors: [], valid: 0 });
      props.onImported();
    },
    onError: showFailure,
  });
  const refused = useAppMutation({
    mutationFn: async () => {
      const u = await ensureUploaded();
      // the rows that did not pass the check, with a 原因 column (.xlsx)
      return u ? callDownload(examsApi.importRefused, body(u), { fileName: QUESTION_REFUSED_NAME }) : null;
    },
  });

  const isWorkbook = (result?.check?.format ?? 'xlsx') === 'xlsx';

  return (
    <Modal open={props.open} title="导入试题" width={IMPORT_DIALOG_WIDTH} onCancel={props.onClose} footer={null} destroyOnHidden>
      <Form layout="inline" style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item label="导入到目录">
          <DirSelect tree={props.tree} value={dirCode} onChange={setDirCode} placeholder="未填目录的试题归入" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <DownloadButton download={template} testId="question-template">
            下载模板
          </DownloadButton>
        </Form.Item>
        <Form.Item label="文件格式">
          <Select<QuestionImportFormat | ''>
            value={format}
            onChange={(v) => {
              setFormat(v);
              setResult(null);
            }}
            style={{ width: 220 }}
            data-testid="question-import-format"
            options={[
              { value: '', label: '自动识别' },
              ...QUESTION_IMPORT_FORMATS.map((f) => ({ value: f, label: QUESTION_FORMAT_LABELS[f] })),
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Upload
            accept={QUESTION_FILE_ACCEPT}
            maxCount={1}
            fileList={files}
            beforeUpload={() => false}
            onChange={({ fileList }) => {
              choose(fileList.slice(-1));
              setResult(null);
            }}
          >
            <Button icon={<UploadOutlined />}>选择文件</Button>
          </Upload>
        </Form.Item>
        <Space>
          <Button loading={check.isPending} onClick={() => check.mutate()} data-testid="question-import-check">
            数据检查
          </Button>
          <Button type="primary" loading={runImport.isPending} onClick={() => runImport.mutate(false)} data-testid="question-import-run">
            导入
          </Button>
        </Space>
      </Form>
      <ul style={{ margin: '0 0 12px', paddingLeft: 20 }} data-testid="question-import-formats">
        {QUESTION_IMPORT_FORMATS.filter((f) => !format || f === format).map((f) => (
          <li key={f}>
            <Typography.Text type="secondary">
              <Typography.Text strong>{QUESTION_FORMAT_LABELS[f]}</Typography.Text>：{QUESTION_FORMAT_HELP[f]}
            </Typography.Text>
          </li>
        ))}
      </ul>
      {result && (
        <div data-testid="question-import-result">
          <Alert type={result.type} showIcon message={result.msg} style={{ marginBottom: 12 }} />
          {result.errors.length > 0 && (
            <Space style={{ marginBottom: 12 }}>
              {result.valid > 0 && (
                <Button
                  type="primary"
                  ghost
                  loading={runImport.isPending}
                  onClick={() => runImport.mutate(true)}
                  data-testid="question-import-valid"
                >
                  {isWorkbook ? `导入有效的 ${result.valid} 行` : `导入有效的 ${result.valid} 道题`}
                </Button>
              )}
              {isWorkbook && (
                <DownloadButton download={refused} testId="question-import-refused">
                  下载未通过的行
                </DownloadButton>
              )}
            </Space>
          )}
          {!isWorkbook && (result.check?.refused?.length ?? 0) > 0 && (
            <div data-testid="question-import-skipped">
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 8 }}
                message={
                  result.check?.refused?.some((r) => r.unreadable)
                    ? `以下 ${result.check?.refused?.length} 道试题无法导入（题型不支持或格式有误），导入时将跳过：`
                    : `以下 ${result.check?.refused?.length} 道试题的题型本系统不支持，导入时将跳过：`
                }
              />
              <Table<QuestionRefused>
                size="small"
                rowKey="index"
                dataSource={result.check?.refused ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                style={{ marginBottom: 12 }}
                columns={[
                  { title: '题号', dataIndex: 'index', width: 80 },
                  { title: '试题', dataIndex: 'name', width: 200 },
                  { title: '原因', dataIndex: 'reason' },
                ]}
              />
            </div>
          )}
          {!isWorkbook && (result.check?.narrowed?.length ?? 0) > 0 && (
            <div data-testid="question-import-narrowed">
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 8 }}
                message={`以下 ${result.check?.narrowed?.length} 道试题将按填空题导入，但只接受文件给出的准确答案：`}
              />
              <Table<QuestionRefused>
                size="small"
                rowKey="index"
                dataSource={result.check?.narrowed ?? []}
                pagination={{ pageSize: 10, hideOnSinglePage: true }}
                style={{ marginBottom: 12 }}
                columns={[
                  { title: '题号', dataIndex: 'index', width: 80 },
                  { title: '试题', dataIndex: 'name', width: 200 },
                  { title: '说明', dataIndex: 'reason' },
                ]}
              />
            </div>
          )}
          {!isWorkbook && (result.check?.newDirs?.length ?? 0) > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={`导入时将在所选目录下新建目录：${result.check?.newDirs?.join('、')}`}
              data-testid="question-import-newdirs"
            />
          )}
          {result.errors.length > 0 && (
            <Table<QuestionImportError>
              size="small"
              rowKey={(e) => `${e.row}-${e.column}-${e.message}`}
              dataSource={result.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: isWorkbook ? '行号' : '题号', dataIndex: 'row', width: 80 },
                { title: '列', dataIndex: 'column', width: 100 },
                { title: '错误原因', dataIndex: 'message' },
              ]}
            />
          )}
        </div>
      )}
    </Modal>
  );
}

/** Rows that passed the check: the server says so; counted from the errors for an older answer. */
function validRows(check: Partial<QuestionImportCheck> | null | undefined): number {
  if (!check?.errors) return 0;
  return check.valid ?? Math.max(0, (check.rows ?? 0) - new Set(check.errors.map((e) => e.row)).size);
}
