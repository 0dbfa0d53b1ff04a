import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import { useState } from 'react';
import { useSession } from '../app/store/session';

export const DEFAULT_AVATAR = '/default-avatar.png';

/**
 * The signed-in user's avatar (spec: the default avatar when empty; an icon if the image fails).
 * Plain elements, no antd (ADR 0050: the layout's header and the dashboard draw it first).
 */
export function UserAvatar({ size = 32 }: { size?: number }) {
  const user = useSession((s) => s.userInfo);
  const src = user?.avatar || user?.headImagePath || user?.headImage || DEFAULT_AVATAR;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className="xt-avatar" style={{ width: size, height: size, fontSize: size / 2 }}>
      {failed === src ? (
        <UserOutlined aria-label={user?.name ?? ''} />
      ) : (
        <img src={src} alt={user?.name ?? ''} width={size} height={size} onError={() => setFailed(src)} />
      )}
    </span>
  );
}
