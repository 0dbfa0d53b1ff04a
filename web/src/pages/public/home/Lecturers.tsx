import type { LecturerItem } from '@xuetu/contract';
import { Avatar, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { responsiveImg } from '../../../components/responsiveImage';

// the dialog (antd Modal, video) is fetched when a visitor first opens a lecturer (issue 15 budget)
const LecturerDialog = lazy(() => import('./LecturerDialog'));

export function Lecturers({ items, loading }: { items: LecturerItem[] | undefined; loading: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
  // mounted from the first opening on, so that closing still animates
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  if (loading) return <Skeleton active />;
  if (!items?.length) return <Empty description="暂无讲师" />;
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
            <Avatar
              size={96}
              alt={l.lecturerName}
              // below the first screen: fetched when scrolled near
              src={
                l.faceUrl ? (
                  <img {...responsiveImg(l.faceUrl, '96px', 320)} alt={l.lecturerName} loading="lazy" decoding="async" />
                ) : undefined
              }
            >
              {l.lecturerName.slice(0, 1)}
            </Avatar>
            <div className="xt-lecturer-name">{l.lecturerName}</div>
            {l.lecturerTag && <span className="xt-tag">{l.lecturerTag}</span>}
            <div className="xt-lecturer-brief">{l.briefIntroduce}</div>
          </button>
        ))}
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <LecturerDialog code={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
