import type { LecturerItem } from '@xuetu/contract';
import { lazy, useState } from 'react';
import { AntIsland } from '../../../app/AntIsland';
import { LeanEmpty, LeanSkeleton } from '../../../components/LeanCard';
import { responsiveImg } from '../../../components/responsiveImage';

// the dialog (antd Modal, video) is fetched when a visitor first opens a lecturer (issue 15 budget),
// with antd's configuration and styles (the cards themselves are plain elements: issue 39 item 2)
const LecturerDialog = lazy(() => import('./LecturerDialog'));

export function Lecturers({ items, loading }: { items: LecturerItem[] | undefined; loading: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  // mounted from the first opening on, so that closing still animates
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (loading) return <LeanSkeleton />;
  if (!items?.length) return <LeanEmpty description="暂无讲师" />;
  return (
    <>
      <div className="xt-lecturers" data-testid="lecturer-list">
        {items.map((l) => (
          <button
            type="button"
            key={l.lecturerCode}
            className="xt-lecturer-card"
            onClick={() => setOpen(l.lecturerCode)}
            data-testid="lecturer-card"
          >
            <span className="xt-avatar" style={{ width: 96, height: 96, fontSize: 40 }}>
              {l.faceUrl ? (
                // below the first screen: fetched when scrolled near
                <img {...responsiveImg(l.faceUrl, '96px', 320)} alt={l.lecturerName} loading="lazy" decoding="async" />
              ) : (
                l.lecturerName.slice(0, 1)
              )}
            </span>
            <div className="xt-lecturer-name">{l.lecturerName}</div>
            {l.lecturerTag && <span className="xt-tag">{l.lecturerTag}</span>}
            <div className="xt-lecturer-brief">{l.briefIntroduce}</div>
          </button>
        ))}
      </div>
      {wanted && (
        <AntIsland>
          <LecturerDialog code={open} onClose={() => setOpen(null)} />
        </AntIsland>
      )}
    </>
  );
}
