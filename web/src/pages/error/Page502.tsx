import { ErrorPage } from './ErrorPage';

export default function Page502() {
  return <ErrorPage status="500" title="502 服务暂不可用" subTitle="服务器开小差了，请稍后再试。" />;
}
