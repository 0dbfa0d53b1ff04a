import { portalApi } from '@xuetu/contract';
import { Avatar, Modal, Skeleton, Tag } from 'antd';
import { useCall } from '../../../api/hooks';
import { sizedUrl } from '../../../components/responsiveImage';

/** The lecturer's introduction (and first video): its own chunk, fetched when a card is first opened. */
export default function LecturerDialog({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { data, isLoading } = useCall(portalApi.getFPLecturerDetailInfoData, { lecturerCode: code ?? '' }, { enabled: !!code });
  const video = data?.playList?.[0]?.item2;
  return (
    <Modal open={!!code} onCancel={onClose} footer={null} width={720} title="讲师介绍" destroyOnHidden data-testid="lecturer-dialog">
      {isLoading || !data ? (
        <Skeleton active avatar />
      ) : (
        <div className="xt-lecturer-detail" data-testid="lecturer-detail">
          <div className="xt-lecturer-head">
            <Avatar size={88} src={data.faceUrl && sizedUrl(data.faceUrl, 320)} alt={data.lecturerName}>
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
