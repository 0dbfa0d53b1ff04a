import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** The one file of an upload, as `req.file()` gives it (the part of it the upload helpers read). */
export interface UploadPart {
  /** the client's file name, for display and downloads only */
  filename: string;
  /** its bytes; `truncated` once the size limit cut them off */
  file: Readable & { truncated: boolean };
  /** all of it in memory (small files); rejects when the size limit cut it off */
  toBuffer(): Promise<Buffer>;
}

/**
 * Where an upload's one file comes from, read with the size limit the caller may still use.
 * Services take this instead of the request: routes get it as `upload` on the handler's argument
 * (`uploadSource(req)`), tests feed a stream. Rejects, or gives nothing, when there is no file.
 */
export interface UploadSource {
  file(limits: { fileSize: number }): Promise<UploadPart | undefined>;
}

/** The single file of a multipart request (@fastify/multipart); a second file part is not read. */
export function uploadSource(req: FastifyRequest): UploadSource {
  return { file: (limits) => req.file({ limits: { fileSize: limits.fileSize, files: 1 } }) };
}
