import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/{path}: forwards to {path} with the same query (the tags view's refresh). */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
