import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useIsLoggedIn } from '../../../app/store/session';

// the play dialog and hls.js are fetched when a signed-out visitor first opens a course
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
    <Suspense fallback={null}>
      <PreviewDialog rescode={preview} onClose={() => setPreview('')} onLogin={() => onNeedLogin?.()} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
