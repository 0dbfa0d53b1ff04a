import CaretRightFilled from '@ant-design/icons/es/icons/CaretRightFilled';
import { type PlayListAnswer, QUALITY_LABELS, type StudyBeatAnswer, type StudyGuard, type StudyRules } from '@xuetu/contract';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { feedback } from '../../../app/feedback';
import { attachHls, preloadHls } from '../../../components/attachHls';
import { LeanAlert, LeanEmpty } from '../../../components/LeanCard';
import { Watermark } from '../../../components/Watermark';
import { allowedSpeeds, formatClock, StudyHeartbeat, seekGuard } from './logic';
import { useStudyGuard } from './StudyGuard';
import { sendStudyBeat, studyComplete } from './studyCalls';

export interface StudyPlayerHandle {
  /** the current playback position, seconds */
  position(): number;
  /** jumps to a position (refused ahead of the furthest point when seeking ahead is not allowed) */
  seek(seconds: number): void;
  /** ends the viewing with its closing beat (before switching to another lesson) */
  close(): Promise<unknown>;
}

interface Props {
  rescode: string;
  /** the lesson playing (ADR 0022): heartbeats carry it */
  lesson?: number;
  /** start playing as soon as the media is ready (the next lesson after one ended) */
  autoPlay?: boolean;
  /** there is a next lesson: the end of this one moves on instead of completing the course */
  onNext?: () => void;
  data: PlayListAnswer;
  rules: Pick<StudyRules, 'maxSpeed' | 'allowSeekAhead'>;
  intervalSeconds: number;
  /** where the learner left off */
  resumeAt: number;
  /** the cover as a URL */
  poster?: string;
  onBeat: (a: StudyBeatAnswer) => void;
  onCompleted: () => void;
  /** the company's anti-idle rule and the watermark (ADR 0058) */
  guard?: StudyGuard;
}

/**
 * The study page's player (ADR 0017): HLS through hls.js (loaded only here) or the media
 * element, a quality menu, a speed menu limited to the allowed speeds, no seeking ahead when not
 * allowed, resume, heartbeats while playing and StudyComplete at the end. When another window
 * takes the viewing session over, playback pauses with the message.
 */
/**
 * Runs `then` once the poster (if any) has loaded, or failed, and the main thread is idle (at most
 * 3 s after the poster, 5 s in all); returns a cancel.
 */
function afterFirstPaint(poster: string | undefined, then: () => void): () => void {
  let done = false;
  const timers: number[] = [];
  let idleId: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    then();
  };
  const idle = () => {
    if (done || idleId !== undefined) return;
    if (typeof window.requestIdleCallback === 'function') idleId = window.requestIdleCallback(run, { timeout: 3000 });
    else timers.push(window.setTimeout(run, 0));
  };
  if (poster) {
    const img = new Image();
    img.onload = idle;
    img.onerror = idle;
    img.src = poster;
  } else idle();
  timers.push(window.setTimeout(run, 5000));
  return () => {
    done = true;
    for (const t of timers) window.clearTimeout(t);
    if (idleId !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleId);
  };
}

/** The catalogue's cover of a course without one (trainres CourseCardView): its blue gradient, inline. */
export const NO_COVER_POSTER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 90"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1677ff"/><stop offset="1" stop-color="#69b1ff"/></linearGradient></defs><rect width="160" height="90" fill="url(#g)"/></svg>',
)}`;

export const StudyPlayer = forwardRef<StudyPlayerHandle, Props>(function StudyPlayer(
  { rescode, lesson = 0, autoPlay = false, onNext, data, rules, intervalSeconds, resumeAt, poster, onBeat, onCompleted, guard },
  handle,
) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  // anti-idle (ADR 0058): pause and ask after the company's minutes without activity, or when the server asks
  const presence = useStudyGuard(guard, {
    active: () => Boolean(ref.current && !ref.current.paused && !ref.current.ended),
    pause: () => ref.current?.pause(),
    resume: () => void ref.current?.play().catch(() => {}),
  });
  const watermark = guard?.watermark ?? '';
  const [quality, setQuality] = useState(data.playList[0]?.item1 ?? '');
  const [speed, setSpeed] = useState(1);
  const [error, setError] = useState('');
  const [takenOver, setTakenOver] = useState('');
  const item = data.playList.find((p) => p.item1 === quality) ?? data.playList[0];
  const furthest = useRef(resumeAt);
  const resumeRef = useRef(resumeAt);
  const speeds = allowedSpeeds(rules.maxSpeed);
  const speedRef = useRef(1);
  speedRef.current = speed;
  const callbacks = useRef({ onBeat, onCompleted, onNext });
  callbacks.current = { onBeat, onCompleted, onNext };
  const autoPlayRef = useRef(autoPlay);
  // read by the first attach only: a new poster never re-attaches the stream
  const posterRef = useRef(poster);
  posterRef.current = poster;
  // the last position seen: the closing beat still knows it when the element is already gone
  const lastTime = useRef(resumeAt);
  const heartbeat = useRef<StudyHeartbeat | null>(null);
  // the learner asked for the media (the play button, a seek, the next lesson): the stream attaches
  const [wanted, setWanted] = useState(autoPlay);
  // play as soon as the stream is ready (the play button was pressed)
  const playAsked = useRef(false);
  const waiting = data.format === 'hls' && data.resType !== 2 && !wanted;
  // where the learner was, and whether it played, when they chose another quality
  const switching = useRef<{ at: number; playing: boolean } | null>(null);
  // the place to go back to once the new rendition's metadata is read
  const switchedAt = useRef<number | null>(null);

  useImperativeHandle(handle, () => ({
    position: () => ref.current?.currentTime ?? 0,
    seek: (s: number) => {
      const el = ref.current;
      if (!el) return;
      const back = seekGuard(s, furthest.current, rules.allowSeekAhead);
      if (back !== null) {
        feedback.warning('本课程不允许快进');
        return;
      }
      if (waiting) {
        // the stream is not attached yet: it starts there once it is
        resumeRef.current = s;
        setWanted(true);
        return;
      }
      el.currentTime = s;
    },
    close: async () => {
      ref.current?.pause();
      await heartbeat.current?.pause();
    },
  }));

  // the heartbeat of this page's viewing (one per resource and lesson)
  useEffect(() => {
    const hb = new StudyHeartbeat({
      rescode,
      lesson,
      intervalSeconds,
      send: sendStudyBeat,
      position: () => ref.current?.currentTime ?? lastTime.current,
      speed: () => speedRef.current,
      idle: presence.idle,
      onAnswer: (a) => callbacks.current.onBeat(a),
      onTakenOver: (msg) => {
        setTakenOver(msg);
        ref.current?.pause();
      },
      onPresence: presence.onPresence,
    });
    heartbeat.current = hb;
    return () => {
      void hb.pause();
      hb.dispose();
    };
  }, [rescode, lesson, intervalSeconds, presence.idle, presence.onPresence]);

  // media element events → heartbeat, seek guard, speed guard
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onPlay = () => {
      setTakenOver('');
      heartbeat.current?.play();
    };
    const onPause = () => {
      if (!el.ended) void heartbeat.current?.pause();
    };
    const onEnded = async () => {
      await heartbeat.current?.pause();
      // a course of lessons: the next one starts; the course completes at the end of the last
      if (callbacks.current.onNext) {
        callbacks.current.onNext();
        return;
      }
      try {
        const env = await studyComplete(rescode, heartbeat.current?.guid ?? '');
        feedback.success(env.msg || '恭喜，已完成本课程');
        callbacks.current.onCompleted();
      } catch (err) {
        feedback.warning(err instanceof Error ? err.message : '学习时长不足，暂不能完成本课程');
      }
    };
    const onTime = () => {
      lastTime.current = el.currentTime;
      if (!el.seeking && el.currentTime > furthest.current && el.currentTime - furthest.current < 3 * Math.max(1, el.playbackRate))
        furthest.current = el.currentTime;
    };
    const onSeeking = () => {
      const back = seekGuard(el.currentTime, furthest.current, rules.allowSeekAhead);
      if (back !== null) {
        el.currentTime = back;
        feedback.warning('本课程不允许快进');
      }
    };
    const onRate = () => {
      if (el.playbackRate > rules.maxSpeed) el.playbackRate = rules.maxSpeed;
    };
    const onMeta = () => {
      const carried = switchedAt.current;
      switchedAt.current = null;
      const at = resumeRef.current;
      // after a quality switch: the same place, wherever it is; a resumed visit: not at the very end
      if (carried !== null) el.currentTime = el.duration ? Math.min(carried, el.duration) : carried;
      else if (at > 0 && (!el.duration || at < el.duration - 2)) el.currentTime = at;
      resumeRef.current = 0;
      el.playbackRate = speedRef.current;
      if (autoPlayRef.current) {
        autoPlayRef.current = false;
        void el.play().catch(() => {});
      }
    };
    // one signal removes every listener of this effect
    const off = new AbortController();
    const on = { signal: off.signal };
    el.addEventListener('play', onPlay, on);
    el.addEventListener('pause', onPause, on);
    el.addEventListener('ended', onEnded, on);
    el.addEventListener('timeupdate', onTime, on);
    el.addEventListener('seeking', onSeeking, on);
    el.addEventListener('ratechange', onRate, on);
    el.addEventListener('loadedmetadata', onMeta, on);
    return () => off.abort();
  }, [rescode, rules]);

  // HLS: hls.js, loaded on demand (the study page's chunk only), the session header on every request.
  // A quality switch carries the place and the play state over: they are read when the learner
  // chooses (below), since the previous rendition's cleanup has already emptied the element here.
  useEffect(() => {
    const el = ref.current;
    if (!el || !item || data.format !== 'hls') return;
    const switched = switching.current;
    const { at, playing } = switched ?? { at: el.currentTime, playing: !el.paused };
    switching.current = null;
    if (switched && at > 0) switchedAt.current = at;
    else if (at > 0) resumeRef.current = at;
    const attach = () => {
      const play = playing || playAsked.current;
      playAsked.current = false;
      return attachHls(el, item.item2, {
        onFatal: (status) => setError(status === 410 ? '播放链接已失效，请刷新页面' : '视频加载失败'),
        onReady: play ? () => void el.play().catch(() => {}) : undefined,
      });
    };
    // a video's stream waits for the learner (the play button over the poster, a note's time, the
    // next lesson): hls.js (~96 KB brotli, half a second of a phone's main thread) and the first
    // segment are not part of opening the page (issue 23 item 11). Audio has no poster to press:
    // it attaches once the page has painted and the main thread is idle.
    // (a quality chosen before the first press only changes what the press will attach)
    if (wanted || playing || (switched && data.resType === 2)) return attach();
    let detach: (() => void) | undefined;
    const start = () => {
      if (!detach) detach = attach();
    };
    const stopWaiting = data.resType === 2 ? afterFirstPaint(posterRef.current, start) : () => {};
    // a play from the element itself (a media key, the audio's controls) attaches at once
    el.addEventListener('play', start, { once: true });
    return () => {
      stopWaiting();
      el.removeEventListener('play', start);
      detach?.();
    };
  }, [item, data.format, data.resType, wanted]);

  const chooseQuality = (next: string) => {
    const el = ref.current;
    if (next === item?.item1) return;
    if (el) {
      const carry = { at: el.currentTime, playing: !el.paused && !el.ended };
      switching.current = carry;
      // a plain file changes the element's src: its loadedmetadata (onMeta) seeks and plays again
      if (data.format !== 'hls') {
        if (carry.at > 0) switchedAt.current = carry.at;
        if (carry.playing) autoPlayRef.current = true;
      }
    }
    setQuality(next);
  };

  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);

  if (!item) return data.note ? <LeanAlert tone="warning">{data.note}</LeanAlert> : <LeanEmpty description="暂无可播放的内容" />;
  const qualities = data.playList.map((p) => ({ value: p.item1, label: QUALITY_LABELS[p.item1] ?? p.item1 }));
  const src = data.format === 'file' ? item.item2 : undefined;
  return (
    <div className="xt-study-player" data-testid="study-player">
      {data.resType === 2 ? (
        <audio ref={ref} controls src={src} data-testid="study-audio" />
      ) : (
        <Watermark className="xt-study-stage" text={watermark}>
          <video
            ref={ref}
            // no controls before the stream is attached: the button below is the way to start
            controls={!waiting}
            playsInline
            src={src}
            // a course without a cover gets the catalogue's placeholder: the element shows it until the
            // learner plays (or a resume seeks), not a black box that turns into the first frame
            poster={poster || NO_COVER_POSTER}
            // with a watermark, the element's own fullscreen would leave it behind: 全屏 below takes the stage with it
            controlsList={watermark ? 'noplaybackrate nofullscreen' : 'noplaybackrate'}
            disablePictureInPicture={Boolean(watermark)}
            // 16:9 reserved before the metadata arrives: nothing below moves when it does (CLS, issue 23 item 11)
            className="xt-study-screen"
            data-testid="study-video"
          />
          {waiting && (
            <button
              type="button"
              className="xt-study-start"
              data-testid="study-start"
              aria-label={resumeAt > 0 ? `继续播放（从 ${formatClock(resumeAt)}）` : '播放'}
              // the player's code comes while the finger is still on the button
              onPointerDown={preloadHls}
              onFocus={preloadHls}
              onClick={() => {
                playAsked.current = true;
                setWanted(true);
              }}
            >
              <CaretRightFilled aria-hidden />
              {data.duration > 0 && <span className="xt-study-start-time">{formatClock(data.duration)}</span>}
            </button>
          )}
        </Watermark>
      )}
      <div className="xt-study-row">
        {qualities.length > 0 && (
          <label className="xt-study-row" style={{ gap: 4 }}>
            清晰度
            <select
              className="xt-study-select"
              value={item.item1}
              onChange={(e) => chooseQuality(e.target.value)}
              data-testid="quality-menu"
            >
              {qualities.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="xt-study-row" style={{ gap: 4 }}>
          倍速
          <select
            className="xt-study-select"
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.target.value))}
            data-testid="speed-menu"
          >
            {speeds.map((s) => (
              <option key={s} value={String(s)}>
                {s}x
              </option>
            ))}
          </select>
        </label>
        {!rules.allowSeekAhead && <span className="xt-study-muted">本课程不允许快进</span>}
        {watermark && data.resType !== 2 && (
          <button
            type="button"
            className="xt-lean-btn is-small"
            onClick={() => void ref.current?.parentElement?.requestFullscreen?.().catch(() => {})}
          >
            全屏
          </button>
        )}
      </div>
      {takenOver && (
        <LeanAlert
          tone="warning"
          testId="study-takeover"
          action={
            <button type="button" className="xt-lean-btn is-small" onClick={() => void ref.current?.play().catch(() => {})}>
              在此继续学习
            </button>
          }
        >
          {takenOver}
        </LeanAlert>
      )}
      {data.note && <LeanAlert tone="info">{data.note}</LeanAlert>}
      {error && <LeanAlert tone="warning">{error}</LeanAlert>}
      {presence.dialog}
    </div>
  );
});
