import { ErrorPage } from './ErrorPage';

export default function Page404() {
  return <ErrorPage status="404" title="404 页面不存在" subTitle="抱歉，您访问的页面不存在，请检查网址是否正确，或返回首页。" />;
}
