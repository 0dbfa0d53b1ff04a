import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isExistImgExam } from '../../api/userexam';

/** spec: on creation the dashboard checks for a pending must-complete exam and then goes to /ysUserExam/imgexam. */
export function useImgExamRedirect(enabled: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    isExistImgExam()
      .then((yes) => {
        if (yes) navigate('/ysUserExam/imgexam');
      })
      .catch(() => {});
  }, [enabled, navigate]);
}
