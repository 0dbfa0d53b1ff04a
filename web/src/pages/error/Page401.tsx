import { ErrorPage } from './ErrorPage';

/** Permission denied (spec: contact your leader; the webmaster said you cannot enter this page). */
export default function Page401() {
  return (
    <ErrorPage status="403" title="401 您没有访问权限！" subTitle="对不起，您没有访问权限，请联系您的领导。站长说你不能进入这个页面……" />
  );
}
