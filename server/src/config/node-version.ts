/** The oldest Node the server runs on: package.json's `engines` (ADR 0030; a test keeps them equal). */
export const MIN_NODE = '26.10';

/** Whether `version` (as process.versions.node) is older than MIN_NODE. */
export function nodeTooOld(version: string = process.versions.node): boolean {
  const [major, minor] = version.split('.').map(Number);
  const [needMajor, needMinor] = MIN_NODE.split('.').map(Number);
  return major! < needMajor! || (major === needMajor && minor! < needMinor!);
}
