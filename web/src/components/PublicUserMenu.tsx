import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import LogoutOutlined from '@ant-design/icons/es/icons/LogoutOutlined';
import { Dropdown } from 'antd';
import { useSession } from '../app/store/session';
import { useLogout } from '../app/useLogout';
import { UserAvatar } from './UserAvatar';

/** The signed-in user's menu in the public top bar (avatar, name, logout); a chunk of its own. */
export default function PublicUserMenu() {
  const user = useSession((s) => s.userInfo);
  const logout = useLogout();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [{ key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">退出登录</span> }],
        onClick: () => void logout(),
      }}
    >
      <button type="button" className="xt-public-user" data-testid="user-dropdown">
        <UserAvatar size={28} />
        <span className="xt-public-user-name">{user?.name || user?.chnName}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
