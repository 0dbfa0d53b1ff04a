import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isExistImgExam } from '../../api/userexam';

/** spec: on creation the dashboard checks for a pending must-complete exam and then goes to /ysUserExam/imgexam. */
export function useImgExamRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    isExistImgExam()
      .then((yes) => {
        if (yes) navigate('/ysUserExam/imgexam');
      })
      .catch(() => {});
  }, [navigate]);
}
