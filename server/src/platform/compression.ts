import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers above ~1 KB on the fly (API JSON, the OpenAPI document). Static files of the
 * web build are compressed at build time and served as they are (spa.ts `preCompressed`), so this
 * never touches them: a reply that already has a Content-Encoding passes through.
 * Brotli at quality 4 costs about what gzip does and is still smaller; smaller answers go out
 * uncompressed, so the hot small endpoints (GetUserInfo, the portal lists) pay nothing.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
}
