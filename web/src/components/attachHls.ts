import { getToken } from '../app/auth';

let hlsModule: Promise<typeof import('hls.js/light')> | undefined;
/**
 * Starts loading hls.js (once): a press on a play button calls it on pointer-down, so the player's
 * code is on its way before the click that attaches the stream.
 */
export function preloadHls(): Promise<typeof import('hls.js/light')> {
  hlsModule ??= import('hls.js/light').catch((err: unknown) => {
    // a failed download is tried again the next time a stream is attached
    hlsModule = undefined;
    throw err;
  });
  return hlsModule;
}

/**
 * Plays an HLS address in a media element through hls.js, loaded on demand (only pages that play
 * video fetch it), sending the session header with every request; a browser without MSE gets the
 * address directly. `onFatal` receives the HTTP status of a fatal load error (410: the signed link
 * expired or the preview ended), `onReady` runs once the manifest is read. Returns the cleanup.
 */
export function attachHls(
  el: HTMLMediaElement,
  src: string,
  on: { onFatal: (status: number | undefined) => void; onReady?: () => void },
): () => void {
  let destroyed = false;
  let hls: { destroy(): void } | undefined;
  // the light build (~370 KB instead of ~600 KB before compression): our streams are plain HLS
  // renditions, without the subtitles, alternate audio or DRM it leaves out (issue 23 item 11)
  void preloadHls()
    .then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        // Safari plays HLS itself
        el.src = src;
        on.onReady?.();
        return;
      }
      const token = getToken();
      const player = new Hls({
        xhrSetup: (xhr) => {
          if (token) xhr.setRequestHeader('ydAuthorization', `Bearer ${token}`);
        },
      });
      player.on(Hls.Events.ERROR, (_e, d) => {
        if (d.fatal) on.onFatal(d.response?.code);
      });
      player.loadSource(src);
      player.attachMedia(el);
      if (on.onReady) player.on(Hls.Events.MANIFEST_PARSED, on.onReady);
      hls = player;
    })
    .catch(() => {
      // the player's code did not arrive (the network dropped)
      if (!destroyed) on.onFatal(undefined);
    });
  return () => {
    destroyed = true;
    hls?.destroy();
  };
}
