import ClockCircleOutlined from '@ant-design/icons/es/icons/ClockCircleOutlined';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import MailOutlined from '@ant-design/icons/es/icons/MailOutlined';
import PhoneOutlined from '@ant-design/icons/es/icons/PhoneOutlined';
import { portalApi } from '@xuetu/contract';
import { Link } from 'react-router';
import { useCall } from '../../../api/hooks';
import './portal.css';

const SafeLink = ({ to, children }: { to: string; children: string }) =>
  /^https?:\/\//.test(to) ? (
    <a href={to} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <Link to={to || '/home'}>{children}</Link>
  );

/** Footer: contact, working hours, address, about/legal links, copyright, filing number, company (site settings). */
export function PortalFooter() {
  const { data: site } = useCall(portalApi.getSiteConfig, {}, { staleTime: 60_000 });
  return (
    <footer className="xt-portal-footer" data-testid="portal-footer">
      <div className="xt-portal-footer-inner">
        <div className="xt-footer-brand">
          <div className="xt-footer-title">{site?.siteName || '学途在线培训平台'}</div>
          <div className="xt-footer-sub">让每一位员工都能随时随地学习成长</div>
        </div>
        <ul className="xt-footer-contact">
          {site?.supportEmail && (
            <li>
              <MailOutlined /> 客服邮箱：{site.supportEmail}
            </li>
          )}
          {site?.contactPhone && (
            <li>
              <PhoneOutlined /> 联系电话：{site.contactPhone}
            </li>
          )}
          <li data-testid="footer-hours">
            <ClockCircleOutlined /> 工作时间：{site?.workingHours || '工作日 09:00-17:30'}
          </li>
          {site?.address && (
            <li>
              <EnvironmentOutlined /> 地址：{site.address}
            </li>
          )}
        </ul>
        <div className="xt-footer-links">
          <SafeLink to={site?.aboutUrl ?? ''}>关于我们</SafeLink>
          <SafeLink to={site?.legalUrl ?? ''}>法律声明</SafeLink>
        </div>
      </div>
      <div className="xt-footer-bottom">
        <span>{site?.copyright}</span>
        {site?.filingNumber && (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer" data-testid="footer-filing">
            {site.filingNumber}
          </a>
        )}
        <span>{site?.companyName}</span>
      </div>
    </footer>
  );
}
