import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers a generated file to save (an export, a template, a result PDF) instead of the JSON
 * envelope: never cached, named `name` (UTF-8) with an ASCII `fallback` for old clients, the name
 * readable by the web app's script (it saves the blob under it).
 */
export function sendDownload(
  reply: FastifyReply,
  body: Buffer | Readable,
  file: { name: string; type: string; fallback: string },
): FastifyReply {
  reply.header('content-type', file.type);
  reply.header('content-disposition', `attachment; filename="${file.fallback}"; filename*=UTF-8''${encodeURIComponent(file.name)}`);
  reply.header('cache-control', 'no-store');
  reply.header('access-control-expose-headers', 'content-disposition');
  return reply.send(body);
}

/** An .xlsx workbook to save. */
export function sendWorkbook(reply: FastifyReply, body: Buffer | Readable, name: string): FastifyReply {
  return sendDownload(reply, body, { name, type: XLSX_MIME, fallback: 'export.xlsx' });
}
