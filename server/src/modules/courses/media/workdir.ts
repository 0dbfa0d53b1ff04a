import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';

/**
 * The media job's temporary folders (the downloaded source and ffmpeg's segments, tens of MB per
 * upload). A folder is named after the process that made it (`xuetu-media-<pid>.<start id>-<media>-…`),
 * so a process killed outright (kill -9, OOM) leaves one that any later process on the machine can
 * tell is nobody's: its process is gone, or its pid is this process's own (a container restarted
 * with the same pid, often 1) but its start id is not. A folder of this very process is in use
 * until its transcode releases it (in a `finally`). The sweep runs when a process starts taking
 * jobs and every SWEEP_EVERY_MS after (issue 38 item 7).
 */
const PREFIX = 'xuetu-media-';
/** tells this process's folders from those of an earlier process that had the same pid */
const START_ID = randomBytes(4).toString('hex');
const OWNED = /^xuetu-media-(\d+)(?:\.([0-9a-f]{8}))?-/;
/** the folders of versions before the pid was in the name: mkdtemp's six characters only */
const UNOWNED = /^xuetu-media-[A-Za-z0-9]{6}$/;
export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** A new work folder of this process for `mediaCode`; `release` removes it. */
export async function makeWorkDir(mediaCode: string, root = tmpdir()): Promise<{ path: string; release: () => Promise<void> }> {
  const path = await mkdtemp(join(root, `${PREFIX}${process.pid}.${START_ID}-${mediaCode.replace(/[^\w-]/g, '')}-`));
  return { path, release: () => rm(path, { recursive: true, force: true }) };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the work folders no running transcode uses; answers their paths. A folder of the old
 * naming (no pid) goes once untouched for longer than a transcode may run.
 */
export async function sweepWorkDirs(ctx: Pick<AppContext, 'env'>, root = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    if (!name.startsWith(PREFIX)) continue;
    const path = join(root, name);
    const owner = OWNED.exec(name);
    let orphan: boolean;
    if (owner) {
      const pid = Number(owner[1]);
      orphan = pid === process.pid ? owner[2] !== START_ID : !processAlive(pid);
    } else if (UNOWNED.test(name)) {
      const info = await stat(path).catch(() => null);
      orphan = info !== null && Date.now() - info.mtimeMs > ctx.env.MEDIA_TRANSCODE_TIMEOUT_MS;
    } else {
      // someone else's folder that only starts like ours (a test's work folder)
      orphan = false;
    }
    if (!orphan) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(path);
  }
  return removed;
}

/** Sweeps now and every SWEEP_EVERY_MS until the returned stop is called. */
export function startWorkDirSweeper(ctx: Pick<AppContext, 'env'>, log: FastifyBaseLogger): () => void {
  const sweep = () =>
    sweepWorkDirs(ctx)
      .then((removed) => {
        if (removed.length) log.info({ removed }, 'media: removed the work folders of transcodes that died');
      })
      .catch((err) => log.warn({ err }, 'media: work folder sweep failed'));
  void sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
