import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { AdminMsg, IMPORT_RESULT_ROWS, importsApi, USER_TEMPLATE_URL, type UserRowView } from '@xuetu/contract';
import { App, Button, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { callEnvelope, callUpload } from '../../api/client';
import { useAppMutation } from '../../app/useAppMutation';
import { addUnique, type TabProps } from './types';

const EXCEL = /\.(xls|xlsx)$/i;

/**
 * 导入学员: a spreadsheet in the user import template; its rows are matched (by ID number, else
 * phone) to the people the administrator may see and the matches join the selection. The file is
 * checked like the user import's (one xls/xlsx file); the rows that matched nobody are listed.
 */
export function ImportTab({ value, onChange }: Omit<TabProps<'users'>, 'companySysCode'>) {
  const { message } = App.useApp();
  const [result, setResult] = useState('');
  const match = useAppMutation({
    mutationFn: async (file: File) => {
      const up = await callUpload(importsApi.uploadZFileByFormTemporarily, file);
      return callEnvelope(importsApi.userExportIn, { urls: [up.url] });
    },
    onSuccess: (res) => {
      onChange(addUnique<UserRowView>(value, res.data, (u) => u.userId));
      setResult([`已匹配 ${res.data.length} 人`, ...(res.msg ? res.msg.split('；') : [])].join('\n'));
    },
    // the request wrapper has shown the toast; keep the reason in the result box too
    onError: (err) => setResult(err instanceof Error ? err.message : String(err)),
  });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="participant-import-tab">
      <Space wrap>
        <Upload
          accept=".xls,.xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file, batch) => {
            if (batch.length > 1) {
              message.warning('当前限制选择 1 个文件');
              return Upload.LIST_IGNORE;
            }
            if (!EXCEL.test(file.name)) {
              message.warning(AdminMsg.importFileType);
              return Upload.LIST_IGNORE;
            }
            match.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={match.isPending} data-testid="participant-import-choose">
            选择文件
          </Button>
        </Upload>
        <Typography.Text type="secondary">只能上传 xls/xlsx 文件，且只能选择 1 个</Typography.Text>
        <span>模板下载：</span>
        <a href={USER_TEMPLATE_URL} download>
          学员导入模板
        </a>
      </Space>
      <Typography.Text type="secondary">按表格中的身份证号（或手机号）匹配学员，匹配到的学员加入已选。</Typography.Text>
      <Input.TextArea
        readOnly
        rows={IMPORT_RESULT_ROWS}
        value={result}
        placeholder="数据检查结果"
        data-testid="participant-import-result"
      />
    </Space>
  );
}
