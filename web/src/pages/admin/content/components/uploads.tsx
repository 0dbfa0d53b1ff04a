import { DeleteOutlined, LoadingOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type ContentUploadKind, noticesApi } from '@xuetu/contract';
import { App, Button, Image, Upload } from 'antd';
import { useState } from 'react';
import { callUpload } from '../../../../api/client';

/** a stored content file as the forms hold it (an upload's answer, or one already saved) */
export interface UploadedFile {
  key: string;
  url: string;
  name: string;
  size: number;
}

/** the kind travels in the query (the multipart body carries the file only) */
export const uploadContentFile = (file: Blob, kind: ContentUploadKind) =>
  callUpload(noticesApi.uploadContentFile, file, { params: { kind } });

const toUrl = (ref: string) => (!ref ? '' : /^(https?:)?\//.test(ref) ? ref : `/prod-api/files/${ref}`);

/** One image (cover, banner, face): stores the key; the server checks the real content type. */
export function ImageUpload({ value, onChange, testId }: { value?: string; onChange?: (key: string) => void; testId?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }} data-testid={testId}>
      {value ? (
        <Image src={toUrl(value)} alt="已上传的图片" width={160} height={90} style={{ objectFit: 'cover', borderRadius: 6 }} />
      ) : null}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        // stays outside useAppMutation: antd's Upload drives the upload (customRequest's onSuccess/onError)
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const res = await uploadContentFile(file as File, 'image');
            onChange?.(res.key);
            onSuccess?.(res);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <PlusOutlined />}>{value ? '更换图片' : '上传图片'}</Button>
      </Upload>
      {value && <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')} aria-label="移除图片" />}
    </div>
  );
}

/** Files uploaded one by one (attachments, documents, videos), shown as a list. */
export function FileListUpload({
  value = [],
  onChange,
  kind,
  max = 10,
  accept,
  testId,
}: {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  kind: 'document' | 'video';
  max?: number;
  accept?: string;
  testId?: string;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <div data-testid={testId}>
      <Upload
        accept={accept}
        showUploadList={false}
        disabled={value.length >= max}
        // stays outside useAppMutation: antd's Upload drives the upload (customRequest's onSuccess/onError)
        customRequest={async ({ file, onSuccess, onError }) => {
          setBusy(true);
          try {
            const res = await uploadContentFile(file as File, kind);
            onChange?.([...value, res]);
            onSuccess?.(res);
            message.success(`${res.name} 上传成功`);
          } catch (e) {
            onError?.(e as Error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={busy ? <LoadingOutlined /> : <UploadOutlined />} disabled={value.length >= max}>
          上传{kind === 'video' ? '视频' : '附件'}
        </Button>
      </Upload>
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {value.map((f, i) => (
          <li key={f.key} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <a href={f.url || toUrl(f.key)} target="_blank" rel="noopener noreferrer">
              {f.name}
            </a>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              aria-label={`移除 ${f.name}`}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

export { toUrl };
