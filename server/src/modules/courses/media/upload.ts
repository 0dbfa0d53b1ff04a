import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS, type Lock, type Locker, MemoryLocker, Server } from '@tus/server';
import { errorMessage, FileStatus, FileVisibility, MEDIA_UPLOAD_PATH, MediaStatus } from '@xuetu/contract';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { checkFileName, onExpiredUploads, releaseUpload, reserveUpload } from '../../../platform/files/index.ts';
import { insertFile } from '../../../platform/files/repository.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { processMediaJob } from './jobs.ts';
import * as repo from './media.repository.ts';
import {
  type Accepted,
  checkFirstChunk,
  judgeHead,
  KINDS,
  refuse,
  releaseWithUpload,
  SNIFF_BYTES,
  TUS_EXPIRY_MS,
  type TusStore,
  tusDirectory,
  tusStore,
} from './tus-store.ts';

/** The caller of the request tus is handling (tus hooks see only the raw request). */
const current = new AsyncLocalStorage<Caller>();
type TusState = {
  server: Server;
  locker: TrackedLocker;
  /**
   * PATCH requests of this node still being handled, by upload id: `settled` when tus is done with
   * it (answered, or its connection closed and its bytes written), `cut` ends its connection.
   */
  patching: Map<string, { settled: Promise<void>; cut: () => void }>;
};

/**
 * tus's locker: an upload's lock is held in this process (tus's MemoryLocker: requests of one
 * node queue, a waiting one asks the holder to let go) and in the shared cache (Redis: requests
 * of other nodes — a deployment balances an upload's requests over every node). A request of
 * another node wanting the lock asks the holder's node through the cache; the holder lets go as
 * tus does for a local one (its PATCH stops after MEDIA_UPLOAD_DRAIN_MS, then is cut). It tells
 * whether an upload's lock is held here and when it is let go: a PATCH whose client is gone lets
 * go as soon as tus stops writing it, and the resume's HEAD goes on then.
 */
class TrackedLocker implements Locker {
  private readonly inner = new MemoryLocker();
  private readonly held = new Map<string, Promise<void>>();
  constructor(private readonly ctx: AppContext) {}
  isHeld = (id: string) => this.held.has(id);
  released = (id: string): Promise<void> => this.held.get(id) ?? Promise.resolve();
  newLock(id: string): Lock {
    const lock = this.inner.newLock(id);
    let release = () => {};
    let mine: Promise<void> | undefined;
    let shared: SharedLock | null = null;
    return {
      lock: async (signal, requestRelease) => {
        await lock.lock(signal, requestRelease);
        try {
          shared = await takeSharedLock(this.ctx, id, signal, () => {
            requestRelease();
            // still held after the drain time (a client gone without closing): its PATCH is cut
            setTimeout(() => {
              if (this.held.get(id) === mine) tusOf(this.ctx).patching.get(id)?.cut();
            }, this.ctx.env.MEDIA_UPLOAD_DRAIN_MS + 50).unref();
          });
        } catch (err) {
          await lock.unlock();
          throw err;
        }
        mine = new Promise<void>((r) => (release = r));
        this.held.set(id, mine);
      },
      unlock: async () => {
        try {
          await shared?.release();
          await lock.unlock();
        } finally {
          if (this.held.get(id) === mine) this.held.delete(id);
          release();
        }
      },
    };
  }
}

/** An upload's lock across nodes: a key in the shared cache, renewed while held. */
type SharedLock = { release: () => Promise<void> };
const lockKey = (id: string) => `tus:lock:${id}`;
/** set by a request of another node waiting for the lock: the holder lets go */
const wantKey = (id: string) => `tus:want:${id}`;
/** the lock's key lives this long unless renewed (a killed node's lock is free after it) */
const LOCK_TTL_S = 15;
/** how often a holder looks whether another node wants its lock, and a waiter tries again */
const LOCK_POLL_MS = 100;
const LOCK_WAIT_MS = 30_000;

/**
 * Takes the shared lock of an upload, asking its holder on another node to let go while waiting
 * (up to LOCK_WAIT_MS, or until `signal` aborts: tus's lock timeout then). `onWanted` runs on
 * the holder's node when another node asks for the lock.
 */
async function takeSharedLock(ctx: AppContext, id: string, signal: AbortSignal | null, onWanted: () => void): Promise<SharedLock> {
  const token = randomBytes(8).toString('hex');
  const until = Date.now() + LOCK_WAIT_MS;
  while (!(await ctx.cache.setIfAbsent(lockKey(id), token, LOCK_TTL_S))) {
    if (signal?.aborted || Date.now() > until) throw ERRORS.ERR_LOCK_TIMEOUT;
    await ctx.cache.set(wantKey(id), 1, 10);
    await sleep(LOCK_POLL_MS);
  }
  let polls = 0;
  let wanted = false;
  const timer = setInterval(() => {
    polls++;
    void (async () => {
      if (!wanted && (await ctx.cache.get(wantKey(id))) !== undefined) {
        wanted = true;
        await ctx.cache.del(wantKey(id));
        onWanted();
      }
      // renewed every third of its life while held (and only while still this holder's, in one step)
      if (polls % Math.round((LOCK_TTL_S * 1000) / 3 / LOCK_POLL_MS) === 0) await ctx.cache.renewIfEquals(lockKey(id), token, LOCK_TTL_S);
    })().catch(() => {});
  }, LOCK_POLL_MS);
  timer.unref();
  return {
    release: async () => {
      clearInterval(timer);
      // a lock whose key expired meanwhile and was taken by another node is left to it: compared
      // and deleted in one step, so no other holder's key is deleted between the two
      await ctx.cache.delIfEquals(lockKey(id), token);
    },
  };
}

/**
 * Resumable uploads (tus) for media. The route has checked the action value before a byte is
 * read; each upload belongs to the user who created it (another user's upload id answers 404);
 * its file name is checked and its declared size held against MEDIA_UPLOAD_LIMIT_BYTES and
 * reserved against the quotas when it is created (a deferred length is refused); the
 * type is judged by the leading bytes as soon as the first chunk arrives (and again when the
 * upload completes), then the file moves to storage as a private file (renamed when both are on
 * local disk) and the media job is queued.
 */
export function tusServer(ctx: AppContext): Server {
  return tusOf(ctx).server;
}

/** This app's tus server, its locker and its PATCH table (made on first use). */
function tusOf(ctx: AppContext): TusState {
  return ctx.locals.of('media.tus', () => makeTus(ctx));
}

function makeTus(ctx: AppContext): TusState {
  const locker = new TrackedLocker(ctx);
  const datastore = markFinishing(releaseWithUpload(checkFirstChunk(tusStore(ctx.env)), ctx), ctx);
  const server = new Server({
    path: MEDIA_UPLOAD_PATH,
    datastore,
    locker,
    // a request wanting the lock of a PATCH still receiving (its client moved on) takes it after this
    lockDrainTimeout: Math.max(1, ctx.env.MEDIA_UPLOAD_DRAIN_MS),
    relativeLocation: true,
    maxSize: ctx.env.MEDIA_UPLOAD_LIMIT_BYTES,
    exposedHeaders: ['X-Media-Id'],
    namingFunction: () => randomBytes(16).toString('hex'),
    onIncomingRequest: async (req, uploadId) => {
      const caller = mustCaller();
      if (req.method === 'POST' || req.method === 'OPTIONS' || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.owner !== String(requireActor(caller).userId)) throw refuse(404, errorMessage('MEDIA_NOT_FOUND'));
    },
    onUploadCreate: async (_req, upload) => {
      const caller = mustCaller();
      const actor = requireActor(caller);
      const kind = upload.metadata?.kind;
      if (kind && !KINDS.includes(kind)) throw refuse(400, errorMessage('MEDIA_TYPE_REFUSED'));
      // a deferred length would let the upload grow past any quota (handleTus refuses it first)
      if (upload.size === undefined || upload.sizeIsDeferred) throw refuse(400, errorMessage('MEDIA_LENGTH_REQUIRED'));
      try {
        // the name is kept with the file when it finishes: refused now, before a byte is stored
        checkFileName(upload.metadata?.filename ?? '');
        // the declared length counts against the quotas from now on, until the upload ends
        await reserveUpload(caller, upload.id, upload.size, new Date(caller.now.getTime() + TUS_EXPIRY_MS));
      } catch (err) {
        if (err instanceof AppError) throw refuse(err.code?.startsWith('FILE_QUOTA') ? 413 : 400, err.msg);
        throw err;
      }
      return { metadata: { ...upload.metadata, owner: String(actor.userId) } };
    },
    // anything not a tus answer (a database error…) is logged, never shown: a Chinese 500
    onResponseError: (_req, err) => {
      if ('status_code' in err) return undefined;
      (current.getStore()?.log ?? console).error({ err }, 'media upload failed');
      return { status_code: 500, body: errorMessage('SERVER_ERROR') };
    },
    onUploadFinish: async (_req, upload) => {
      // a HEAD for this upload, on any node, waits until the file has moved and the media id is
      // known (the shared mark was set by the write of the last bytes, before the lock was let go)
      try {
        return await finishUpload(upload);
      } finally {
        await ctx.cache.del(finishingKey(upload.id)).catch(() => {});
      }
    },
  });
  async function finishUpload(upload: { id: string; size?: number; metadata?: Record<string, string | null> }) {
    const caller = mustCaller();
    const head = await readHead(await datastore.read(upload.id), SNIFF_BYTES);
    const verdict = await judgeHead(head, upload.metadata?.kind);
    if ('refused' in verdict) {
      await datastore.remove(upload.id).catch(() => {});
      throw refuse(415, errorMessage(verdict.refused));
    }
    let mediaCode: string;
    try {
      mediaCode = await storeFinished(caller, datastore, upload.id, upload.size ?? 0, verdict, upload.metadata?.filename ?? '');
    } catch (err) {
      // nothing recorded: the upload is gone (its bytes deleted with it) and so is its reservation
      await datastore.remove(upload.id).catch(() => {});
      // a local file already moved into storage (and deleted there) leaves only its record
      if (datastore instanceof FileStore) await datastore.configstore.delete(upload.id).catch(() => {});
      throw err;
    }
    // a client that lost this answer (dropped, or paused as the last bytes went) asks HEAD next
    const done: FinishedUpload = { mediaCode, owner: upload.metadata?.owner ?? '', size: upload.size ?? 0 };
    await caller.ctx.cache.set(finishedKey(upload.id), done, FINISHED_KEEP_SECONDS);
    // the local file has moved into storage: only its record is left; an S3 upload is deleted
    if (datastore instanceof FileStore) await datastore.configstore.delete(upload.id).catch(() => {});
    else await datastore.remove(upload.id).catch(() => {});
    return { headers: { 'X-Media-Id': mediaCode } };
  }
  return { server, locker, patching: new Map() };
}

/**
 * The write that brings an upload to its length marks it "finishing" in the shared cache before
 * tus lets go of its lock: a HEAD on any node that gets the lock after sees the mark and waits for
 * the media id (not an offset equal to the length without one, which the uploader takes for a
 * failure). The finish removes the mark; a node killed meanwhile leaves it for FINISHING_TTL_S.
 */
function markFinishing(store: TusStore, ctx: AppContext): TusStore {
  const write = store.write.bind(store) as (src: Readable, id: string, offset: number) => Promise<number>;
  store.write = (async (src: Readable, id: string, offset: number) => {
    const written = await write(src, id, offset);
    const upload = await store.getUpload(id).catch(() => null);
    if (upload?.size !== undefined && written === upload.size) await ctx.cache.set(finishingKey(id), 1, FINISHING_TTL_S);
    return written;
  }) as typeof store.write;
  return store;
}

// the purge releases the reservations of abandoned uploads; their unfinished bytes go with them
onExpiredUploads(async (ctx, uploadIds) => {
  const { datastore } = tusServer(ctx);
  for (const id of uploadIds) await datastore.remove(id).catch(() => {});
});

function mustCaller(): Caller {
  const caller = current.getStore();
  if (!caller) throw refuse(401, errorMessage('SESSION_EXPIRED'));
  return caller;
}

/** What is remembered of a finished upload, for a client that asks about it again. */
type FinishedUpload = { mediaCode: string; owner: string; size: number };
const FINISHED_KEEP_SECONDS = 3600;
const finishedKey = (uploadId: string) => `tus:done:${uploadId}`;
/** an upload whose last bytes are in and whose file is being moved into storage (by any node) */
const finishingKey = (uploadId: string) => `tus:finishing:${uploadId}`;
const FINISHING_TTL_S = 600;
/** the longest a HEAD waits for a PATCH or a finish of its upload before answering anyway */
const SETTLE_BOUND_MS = 15_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Before a HEAD reads the offset: a PATCH of the same upload still in flight goes first. One whose
 * connection is closed (paused, dropped by the client) is done as soon as tus has written what
 * came; one still receiving gets MEDIA_UPLOAD_DRAIN_MS and is then cut (a network that dropped
 * leaves the server's side of it open: the client that now asks HEAD has given it up). A finish
 * (the file moving into storage) is always waited for, so the answer is never a 404 meanwhile.
 */
async function settleBeforeHead(ctx: AppContext, id: string): Promise<void> {
  const flight = tusOf(ctx).patching.get(id);
  if (flight) {
    const drained = await Promise.race([flight.settled.then(() => true), sleep(ctx.env.MEDIA_UPLOAD_DRAIN_MS).then(() => false)]);
    // still receiving bytes (the lock is held): cut it; past its write it is finishing: wait for it
    if (!drained && tusOf(ctx).locker.isHeld(id)) flight.cut();
    if (!drained) await Promise.race([flight.settled, sleep(SETTLE_BOUND_MS)]);
  }
  // a PATCH on another node: its lock taken here once that node has let go (its PATCH drained or
  // cut as above, there), and let go again at once; then its finish, if the last bytes are in
  const shared = await Promise.race([takeSharedLock(ctx, id, null, () => {}).catch(() => null), sleep(SETTLE_BOUND_MS).then(() => null)]);
  await shared?.release();
  await finishSettled(ctx, id);
}

/** Waits (bounded) while the upload's file is being moved into storage, by any node. */
async function finishSettled(ctx: AppContext, id: string): Promise<void> {
  const until = Date.now() + SETTLE_BOUND_MS;
  while ((await ctx.cache.get(finishingKey(id))) !== undefined && Date.now() < until) await sleep(LOCK_POLL_MS);
}

/** The finished upload `id`, when the caller owns it. */
async function finishedFor(caller: Caller, id: string): Promise<FinishedUpload | undefined> {
  const done = id ? await caller.ctx.cache.get<FinishedUpload>(finishedKey(id)) : undefined;
  return done && done.owner === String(requireActor(caller).userId) ? done : undefined;
}

/** "Complete", with the media id: the answer to a HEAD for an upload whose file is in storage. */
function answerFinished(res: import('node:http').ServerResponse, done: FinishedUpload): void {
  res.writeHead(200, {
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(done.size),
    'Upload-Length': String(done.size),
    'Cache-Control': 'no-store',
    'X-Media-Id': done.mediaCode,
    'Access-Control-Expose-Headers': 'Upload-Offset, Upload-Length, Tus-Resumable, X-Media-Id',
  });
  res.end();
}

/**
 * A HEAD answered by tus, looked at before it is sent: a PATCH that took the lock after this HEAD's
 * wait can bring the upload to its end, and its finish move the file away before tus reads it
 * (tus would answer 410 or 404). Such an answer waits for the finish and becomes "complete".
 */
async function answerHead(caller: Caller, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, id: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, { method: 'HEAD', headers });
  const answer = await current.run(caller, () => tusServer(caller.ctx).handleWeb(request));
  if ((answer.status === 404 || answer.status === 410) && id) {
    await finishSettled(caller.ctx, id);
    const done = await finishedFor(caller, id);
    if (done) return answerFinished(res, done);
  }
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end();
}

/** A PATCH whose connection closed is done once tus has let go of its upload (and started a finish, if any). */
async function afterConnectionClosed(ctx: AppContext, id: string): Promise<void> {
  await tusOf(ctx).locker.released(id);
  // the finish of a completed upload starts right after the unlock (within the same turn)
  await new Promise((r) => setImmediate(r));
}

/**
 * Hands the raw request to tus with the caller it may check. A HEAD for an upload that has
 * already finished (its file moved to storage) answers "complete" with the media id, to its
 * owner only: a client whose final PATCH answer was lost (paused or dropped just as the last
 * bytes arrived) finishes instead of meeting a 404 and uploading everything again.
 */
export async function handleTus(
  caller: Caller,
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
): Promise<void> {
  const id = req.method === 'POST' ? '' : ((req.url ?? '').split('?')[0]?.split('/').pop() ?? '');
  if (req.method === 'POST' && req.headers['upload-defer-length'] !== undefined) {
    // an upload must declare its length when created: it is reserved against the quotas then
    res.writeHead(400, { 'Tus-Resumable': '1.0.0', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(errorMessage('MEDIA_LENGTH_REQUIRED'));
    return;
  }
  if (req.method === 'PATCH' && id) {
    // a finished upload asked again (a client whose last answer was lost resends an empty PATCH at
    // the end, or the same bytes again): a tus answer with the media id, not a 404 or a 500
    const done = await finishedFor(caller, id);
    if (done) {
      const atEnd = req.headers['upload-offset'] === String(done.size) && Number(req.headers['content-length'] ?? 0) === 0;
      req.resume();
      res.writeHead(atEnd ? 204 : 409, {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(done.size),
        'Cache-Control': 'no-store',
        'X-Media-Id': done.mediaCode,
        'Access-Control-Expose-Headers': 'Upload-Offset, Tus-Resumable, X-Media-Id',
        ...(atEnd ? {} : { 'Content-Type': 'text/plain; charset=utf-8' }),
      });
      res.end(atEnd ? undefined : errorMessage('MEDIA_UPLOAD_FINISHED'));
      return;
    }
  }
  if (req.method === 'HEAD') {
    await settleBeforeHead(caller.ctx, id);
    const done = await finishedFor(caller, id);
    return done ? answerFinished(res, done) : answerHead(caller, req, res, id);
  }
  // a connection cut by its client never gets its answer written, and tus's handling of it (which
  // waits for that write) may never settle: the request is over when its connection is
  const closed = res.closed ? Promise.resolve() : new Promise<void>((r) => res.once('close', () => r()));
  const handling = current.run(caller, () => tusServer(caller.ctx).handle(req, res));
  if (req.method === 'PATCH' && id) {
    const settled = Promise.race([
      handling.then(
        () => {},
        () => {},
      ),
      closed.then(() => afterConnectionClosed(caller.ctx, id)),
    ]);
    const { patching } = tusOf(caller.ctx);
    patching.set(id, { settled, cut: () => req.destroy() });
    void settled.then(() => {
      if (patching.get(id)?.settled === settled) patching.delete(id);
    });
  }
  return Promise.race([handling, closed]);
}

/** The first `bytes` bytes of a stream (which is then let go). */
async function readHead(src: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let have = 0;
  try {
    for await (const c of src) {
      const chunk = Buffer.from(c);
      chunks.push(chunk);
      have += chunk.length;
      if (have >= bytes) break;
    }
  } finally {
    src.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

async function storeFinished(
  caller: Caller,
  datastore: TusStore,
  uploadId: string,
  size: number,
  { accepted, mime }: { accepted: Accepted; mime: string },
  filename: string,
): Promise<string> {
  const actor = requireActor(caller);
  const { ctx } = caller;
  const now = ctx.clock.now();
  const mediaCode = newCode('M');
  const sourceKey = `media/${mediaCode}/source${accepted.ext}`;
  // a local tus file is handed over (local storage renames it: no second write of the bytes);
  // an upload in the S3 bucket is streamed to its storage key
  const stored =
    datastore instanceof FileStore
      ? await ctx.storage.putFile(sourceKey, join(tusDirectory(ctx.env), uploadId), mime)
      : await ctx.storage.putStream(sourceKey, (await datastore.read(uploadId)) as Readable, mime);
  // the stored object and its rows are one unit: a failed transaction deletes the object again
  await inTransaction(ctx, async (tx) => {
    // the file row counts against the quotas from now on, in place of the reservation
    await releaseUpload(tx, uploadId);
    await insertFile(tx, {
      storageKey: sourceKey,
      ownerUserId: actor.userId,
      ownerCompanySysCode: actor.companySysCode,
      purpose: 'media',
      status: FileStatus.Temp,
      visibility: FileVisibility.Private,
      size: stored || size,
      contentType: mime,
      originalName: filename.slice(0, 255),
      createdAt: now,
    });
    const row = await repo.insertMedia(tx, caller.scope, {
      mediaCode,
      companySysCode: actor.companySysCode,
      ownerUserId: actor.userId,
      kind: accepted.kind,
      sourceKey,
      ext: accepted.ext,
      mime,
      originalName: filename.slice(0, 255),
      size: stored || size,
      status: accepted.kind === 'document' ? MediaStatus.Ready : MediaStatus.Uploaded,
      progress: accepted.kind === 'document' ? 100 : 0,
      renditions: accepted.kind === 'document' ? [{ quality: 'OD', key: sourceKey, height: 0, format: 'file' }] : [],
      createdAt: now,
      updatedAt: now,
    });
    if (accepted.kind !== 'document') await enqueueJob(tx, processMediaJob, { mediaId: row.id }, { now, dedupeKey: mediaCode });
  }).catch(async (err) => {
    await ctx.storage
      .delete(sourceKey)
      .catch((e) => caller.log.warn({ err: e, key: sourceKey }, 'media: could not delete an unrecorded upload'));
    throw err;
  });
  return mediaCode;
}
