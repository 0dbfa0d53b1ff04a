import { userexamApi } from '@xuetu/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';

/** spec: on creation the dashboard checks for a pending must-complete exam and then goes to /ysUserExam/imgexam. */
export function useImgExamRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    call(userexamApi.isExistImgExam, {}, { silent: true })
      .then((yes) => {
        if (yes) navigate('/ysUserExam/imgexam');
      })
      .catch(() => {});
  }, [navigate]);
}
