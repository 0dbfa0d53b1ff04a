import { useQuery } from '@tanstack/react-query';
import type { LecturerItem } from '@xuetu/contract';
import { Avatar, Empty, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { getLecturerDetail } from '../../../api/portal';

function LecturerDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { data, isLoading } = useQuery({
    queryKey: ['portal', 'lecturer', code],
    queryFn: () => getLecturerDetail(code as string),
    enabled: !!code,
  });
  const video = data?.playList?.[0]?.item2;
  return (
    <Modal open={!!code} onCancel={onClose} footer={null} width={720} title="讲师介绍" destroyOnHidden data-testid="lecturer-dialog">
      {isLoading || !data ? (
        <Skeleton active avatar />
      ) : (
        <div className="xt-lecturer-detail" data-testid="lecturer-detail">
          <div className="xt-lecturer-head">
            <Avatar size={88} src={data.faceUrl}>
              {data.lecturerName.slice(0, 1)}
            </Avatar>
            <div>
              <h3>{data.lecturerName}</h3>
              {data.lecturerTag && <Tag color="blue">{data.lecturerTag}</Tag>}
              <p>{data.briefIntroduce}</p>
            </div>
          </div>
          {data.profilesDetail && <div className="xt-lecturer-profile">{data.profilesDetail}</div>}
          {video && (
            <video className="xt-lecturer-video" src={video} controls playsInline preload="metadata" data-testid="lecturer-video" />
          )}
        </div>
      )}
    </Modal>
  );
}

export function Lecturers({ items, loading }: { items: LecturerItem[] | undefined; loading: boolean }) {
  const [open, setOpen] = useState<string | null>(null);
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
            <Avatar size={96} src={l.faceUrl}>
              {l.lecturerName.slice(0, 1)}
            </Avatar>
            <div className="xt-lecturer-name">{l.lecturerName}</div>
            {l.lecturerTag && <Tag color="blue">{l.lecturerTag}</Tag>}
            <div className="xt-lecturer-brief">{l.briefIntroduce}</div>
          </button>
        ))}
      </div>
      <LecturerDialog code={open} onClose={() => setOpen(null)} />
    </>
  );
}
