import type { PlayListAnswer, StudyBeatAnswer, StudyGuard } from '@xuetu/contract';
import { Alert, Button, Empty } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { PdfViewer } from '../../../components/PdfViewer';
import { Watermark } from '../../../components/Watermark';
import { StudyHeartbeat } from './logic';
import { useStudyGuard } from './StudyGuard';
import type { StudyPlayerHandle } from './StudyPlayer';
import { sendStudyBeat } from './studyCalls';

interface Props {
  rescode: string;
  data: PlayListAnswer;
  intervalSeconds: number;
  /** the page where the learner left off (a document's position is its page number) */
  resumeAt: number;
  onBeat: (a: StudyBeatAnswer) => void;
  /** the company's anti-idle rule and the watermark (ADR 0058) */
  guard?: StudyGuard;
}

/**
 * A document (pdf) course on the study page: the pdf drawn by pdf.js, and the same heartbeats as
 * the player (ADR 0017; the server credits by its own clock, up to the course's duration). Reading
 * is a stretch of "playing" while the page is visible; hiding the tab or leaving pauses it. The
 * position sent is the page shown, so the learner comes back to it.
 */
const StudyDocument = forwardRef<StudyPlayerHandle, Props>(function StudyDocument(
  { rescode, data, intervalSeconds, resumeAt, onBeat, guard },
  handle,
) {
  const page = useRef(Math.max(1, Math.floor(resumeAt) || 1));
  const [takenOver, setTakenOver] = useState('');
  const heartbeat = useRef<StudyHeartbeat | null>(null);
  const onBeatRef = useRef(onBeat);
  onBeatRef.current = onBeat;
  const item = data.playList[0];
  // anti-idle (ADR 0058): reading stops counting after the company's minutes without activity
  const presence = useStudyGuard(guard, {
    active: () => Boolean(heartbeat.current?.active),
    pause: () => void heartbeat.current?.pause(),
    resume: () => {
      if (document.visibilityState !== 'hidden') heartbeat.current?.play();
    },
  });

  // notes remember the page; a note's page cannot be jumped to from here (the viewer owns paging)
  useImperativeHandle(handle, () => ({
    position: () => page.current,
    seek: () => {},
    close: async () => {
      await heartbeat.current?.pause();
    },
  }));

  useEffect(() => {
    if (!item) return;
    const hb = new StudyHeartbeat({
      rescode,
      intervalSeconds,
      send: sendStudyBeat,
      position: () => page.current,
      speed: () => 1,
      idle: presence.idle,
      onAnswer: (a) => onBeatRef.current(a),
      onTakenOver: (msg) => setTakenOver(msg),
      onPresence: presence.onPresence,
    });
    heartbeat.current = hb;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void hb.pause();
      else if (!presence.isAsking()) hb.play();
    };
    if (document.visibilityState !== 'hidden') hb.play();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      void hb.pause();
      hb.dispose();
    };
  }, [rescode, intervalSeconds, item, presence.idle, presence.onPresence, presence.isAsking]);

  if (!item) return data.note ? <Alert type="warning" showIcon message={data.note} /> : <Empty description="暂无可阅读的文档" />;
  return (
    <div data-testid="study-document">
      <Watermark text={guard?.watermark ?? ''}>
        <PdfViewer
          url={item.item2}
          initialPage={page.current}
          onPage={(p) => {
            page.current = p;
          }}
        />
      </Watermark>
      {presence.dialog}
      {takenOver && (
        <Alert
          style={{ marginTop: 8 }}
          type="warning"
          showIcon
          message={takenOver}
          data-testid="study-takeover"
          action={
            <Button
              size="small"
              onClick={() => {
                setTakenOver('');
                heartbeat.current?.play();
              }}
            >
              在此继续学习
            </Button>
          }
        />
      )}
    </div>
  );
});

export default StudyDocument;
