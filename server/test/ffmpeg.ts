import { spawnSync } from 'node:child_process';

// The tests that run real ffmpeg. On a laptop without it (the product works without ffmpeg,
// README) they are left out with a warning; in CI (CI=true; .ci/run installs ffmpeg) they always
// run, so a missing ffmpeg there fails them instead of leaving them out unseen.
const HAS_FFMPEG = spawnSync('ffmpeg', ['-version'], { timeout: 5000 }).status === 0;

/** Whether `file`'s ffmpeg tests run here (`describe.runIf(runsFfmpeg('x.test'))`). */
export function runsFfmpeg(file: string): boolean {
  if (process.env.CI) return true;
  if (!HAS_FFMPEG) console.warn(`${file}: ffmpeg is not installed here; its ffmpeg tests do not run (CI always runs them)`);
  return HAS_FFMPEG;
}
