import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { useSession } from '../app/store/session';

export const DEFAULT_AVATAR = '/default-avatar.png';

/** The signed-in user's avatar (spec: the default avatar when empty; an icon if the image fails). */
export function UserAvatar({ size = 32 }: { size?: number }) {
  const user = useSession((s) => s.userInfo);
  const src = user?.avatar || user?.headImagePath || user?.headImage || DEFAULT_AVATAR;
  return <Avatar size={size} src={src} icon={<UserOutlined />} alt={user?.name ?? ''} style={{ flex: 'none' }} />;
}
