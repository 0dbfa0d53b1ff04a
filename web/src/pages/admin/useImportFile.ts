import { AdminMsg, importsApi } from '@xuetu/contract';
import { App, type UploadFile } from 'antd';
import { useCallback, useState } from 'react';
import { callUpload } from '../../api/client';

/**
 * The one file an import dialog (导入学员, 导入试题) checks and then imports: chosen in the
 * dialog, uploaded once to temporary storage on the first 数据检查 or 导入 and its address kept
 * until another file is chosen (`choose`) or the dialog opens again (`clear`).
 */
export function useImportFile() {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [url, setUrl] = useState<string | null>(null);
  const choose = (next: UploadFile[]) => {
    setFiles(next);
    setUrl(null);
  };
  // stable: the dialogs clear the file in their open effect
  const clear = useCallback(() => {
    setFiles([]);
    setUrl(null);
  }, []);
  /** The uploaded file's address; null (with a warning) when no file is chosen. */
  const ensureUploaded = async (): Promise<string | null> => {
    const file = files[0]?.originFileObj;
    if (!file) {
      message.warning(AdminMsg.chooseFile);
      return null;
    }
    if (url) return url;
    const up = await callUpload(importsApi.uploadZFileByFormTemporarily, file);
    setUrl(up.url);
    return up.url;
  };
  return { files, choose, clear, ensureUploaded };
}
