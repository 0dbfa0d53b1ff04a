import { USER_EXAM_BASE } from '@xuetu/contract';
import { fileNameFromDisposition, saveBlob, sendRaw } from '../../../api/request';

/** Downloads the result PDF the server renders (selectable Chinese text; ADR 0036). */
export async function downloadResultPdf(userpaperId: number): Promise<void> {
  const res = await sendRaw<Blob | { msg?: string }>({
    method: 'get',
    url: `${USER_EXAM_BASE}/ExportResultPdf`,
    params: { userpaperId },
    responseType: 'blob',
  }).catch((err: unknown) => {
    // a refusal (4xx) answers an envelope: its message
    const msg = (err as { response?: { data?: { msg?: string } } }).response?.data?.msg;
    throw new Error(msg || '导出失败');
  });
  const blob = res.data;
  if (!(blob instanceof Blob)) throw new Error(blob.msg || '导出失败');
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg || '导出失败');
  saveBlob(blob, fileNameFromDisposition(res.headers['content-disposition']) ?? '考试结果.pdf');
}
