import { userexamApi } from '@xuetu/contract';
import { callDownload } from '../../../api/client';

/** Downloads the result PDF the server renders (selectable Chinese text; ADR 0036); a refusal rejects with the server's message. */
export const downloadResultPdf = (userpaperId: number) =>
  callDownload(userexamApi.exportResultPdf, { userpaperId }, { fileName: '考试结果.pdf', silent: true });
