import { lazy, useState } from 'react';
import { useNavigate } from 'react-router';
import { AntIsland } from '../../../app/AntIsland';
import { useIsLoggedIn } from '../../../app/store/session';

// the play dialog and hls.js are fetched when a signed-out visitor first opens a course, with
// antd's configuration and styles (/home draws no antd before: issue 39 item 2)
const PreviewDialog = lazy(() => import('./PreviewDialog'));

/**
 * spec: a lesson opens /trainres/study?id=…; without a session the play dialog comes first
 * (30 s preview, then 登录后查看完整视频 with the login dialog).
 */
export function useOpenCourse(onNeedLogin?: () => void) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [preview, setPreview] = useState('');
  const open = (c: { resCode: string }) => {
    if (loggedIn) navigate(`/trainres/study?id=${encodeURIComponent(c.resCode)}`);
    else setPreview(c.resCode);
  };
  const dialog = preview ? (
    <AntIsland>
      <PreviewDialog rescode={preview} onClose={() => setPreview('')} onLogin={() => onNeedLogin?.()} />
    </AntIsland>
  ) : null;
  return { open, dialog };
}
