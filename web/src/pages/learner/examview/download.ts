import { USER_EXAM_BASE } from '@xuetu/contract';
import { fileNameFromDisposition, saveBlob, service } from '../../../api/request';

/** Downloads the result PDF the server renders (selectable Chinese text; ADR 0036). */
export async function downloadResultPdf(userpaperId: number): Promise<void> {
  const res = await service.get(`${USER_EXAM_BASE}/ExportResultPdf`, { params: { userpaperId }, responseType: 'blob' });
  const blob = res.data as Blob;
  if (blob.type.includes('json')) throw new Error(JSON.parse(await blob.text()).msg || '导出失败');
  saveBlob(blob, fileNameFromDisposition(res.headers['content-disposition']) ?? '考试结果.pdf');
}
