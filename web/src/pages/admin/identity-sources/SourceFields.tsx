import {
  ConnectionLimits,
  ConnectionMsg,
  LDAP_ATTRIBUTE_PATTERN,
  LDAP_URL_PATTERN,
  OIDC_CALLBACK_PATH,
  OIDC_CLAIM_PATTERN,
} from '@xuetu/contract';
import { Alert, Col, Form, Input, Row } from 'antd';

// The kind's own fields of the 身份源 drawer (SourceEditor): LDAP / AD's directory and attribute
// mapping, OpenID Connect's provider, client and claim mapping. Each has the secret's field
// (`bindPassword`: the service account's password, the client secret), never filled from the server.

/** A new connection's settings, by kind (what the server defaults to as well). */
export const SETTINGS_DEFAULTS = {
  ldap: {
    url: '',
    bindDn: '',
    baseDn: '',
    userFilter: '(uid={username})',
    attributes: { name: 'cn', phone: 'mobile', email: 'mail', jobNumber: 'employeeNumber', department: 'ou' },
    autoCreate: true,
    timeoutMs: 5000,
  },
  oidc: {
    issuer: '',
    clientId: '',
    scopes: 'openid profile email phone',
    claims: { username: 'preferred_username', name: 'name', phone: 'phone_number', email: 'email', jobNumber: 'employee_number' },
    buttonName: '',
    autoCreate: true,
    timeoutMs: 5000,
  },
};

const ATTRIBUTES: [string, string][] = [
  ['name', '姓名'],
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['jobNumber', '工号'],
  ['department', '部门'],
];
const CLAIMS: [string, string][] = [
  ['username', '用户名'],
  ['name', '姓名'],
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['jobNumber', '工号'],
];

const attributeRule = { pattern: LDAP_ATTRIBUTE_PATTERN, message: ConnectionMsg.attributeInvalid };
const claimRule = { pattern: OIDC_CLAIM_PATTERN, message: ConnectionMsg.claimInvalid };

export function LdapFields({ secretSet }: { secretSet: boolean }) {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="启用后，该公司的账号只能用目录中的账号和密码登录（不再校验学途密码），目录中停用或删除的人员无法登录。请确认公司管理员也在目录中。"
      />
      <Form.Item
        name={['settings', 'url']}
        label="地址"
        rules={[{ required: true, pattern: LDAP_URL_PATTERN, message: ConnectionMsg.urlInvalid }]}
      >
        <Input maxLength={ConnectionLimits.urlMax} placeholder="ldaps://dc1.example.com:636" data-testid="source-url" />
      </Form.Item>
      <Form.Item name={['settings', 'bindDn']} label="服务账号（绑定 DN）" extra="留空为匿名搜索">
        <Input maxLength={ConnectionLimits.dnMax} placeholder="cn=xuetu,ou=service,dc=example,dc=com" data-testid="source-bind-dn" />
      </Form.Item>
      <Form.Item name="bindPassword" label="服务账号密码" extra={secretSet ? '已设置：留空则保留原密码，输入新密码则替换' : undefined}>
        <Input.Password
          maxLength={ConnectionLimits.secretMax}
          autoComplete="new-password"
          placeholder={secretSet ? ConnectionMsg.secretSet : '请输入服务账号密码'}
          data-testid="source-password"
        />
      </Form.Item>
      <Form.Item
        name={['settings', 'baseDn']}
        label="搜索起点（Base DN）"
        rules={[{ required: true, whitespace: true, message: ConnectionMsg.baseDnRequired }]}
      >
        <Input maxLength={ConnectionLimits.dnMax} placeholder="ou=people,dc=example,dc=com" data-testid="source-base-dn" />
      </Form.Item>
      <Form.Item
        name={['settings', 'userFilter']}
        label="用户过滤条件"
        extra="{username} 处替换为登录时输入的用户名；在此排除目录中已停用的人员，如 AD：(&(sAMAccountName={username})(!(userAccountControl:1.2.840.113556.1.4.803:=2)))"
        rules={[{ required: true, pattern: /\{username\}/, message: ConnectionMsg.filterInvalid }]}
      >
        <Input maxLength={ConnectionLimits.filterMax} data-testid="source-filter" />
      </Form.Item>
      <Form.Item label="属性映射" style={{ marginBottom: 0 }}>
        <Row gutter={8}>
          {ATTRIBUTES.map(([key, label]) => (
            <Col xs={12} sm={8} key={key}>
              <Form.Item name={['settings', 'attributes', key]} label={label} rules={[attributeRule]}>
                <Input maxLength={ConnectionLimits.attributeMax} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
    </>
  );
}

/** The callback address to register at the provider (PUBLIC_URL on the server must name the same host). */
const callbackUrl = () => `${typeof window === 'undefined' ? '' : window.location.origin}${OIDC_CALLBACK_PATH}`;

export function OidcFields({ secretSet }: { secretSet: boolean }) {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="source-oidc-help"
        message={
          <>
            启用后，登录页显示“使用 XX 登录”按钮（授权码模式 + PKCE）。请在身份源中登记回调地址：
            <code data-testid="source-callback">{callbackUrl()}</code>
          </>
        }
      />
      <Form.Item
        name={['settings', 'issuer']}
        label="签发方地址（Issuer）"
        extra="学途从 <签发方地址>/.well-known/openid-configuration 读取其余配置"
        rules={[{ required: true, whitespace: true, message: ConnectionMsg.issuerInvalid }]}
      >
        <Input maxLength={ConnectionLimits.urlMax} placeholder="https://sso.example.com/realms/staff" data-testid="source-issuer" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={['settings', 'clientId']}
            label="客户端 ID（Client ID）"
            rules={[{ required: true, whitespace: true, message: ConnectionMsg.clientIdRequired }]}
          >
            <Input maxLength={ConnectionLimits.clientIdMax} data-testid="source-client-id" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="bindPassword"
            label="客户端密钥（Client Secret）"
            extra={secretSet ? '已设置：留空则保留原密钥，输入新密钥则替换' : '公共客户端可留空'}
          >
            <Input.Password
              maxLength={ConnectionLimits.secretMax}
              autoComplete="new-password"
              placeholder={secretSet ? ConnectionMsg.secretSet : '请输入客户端密钥'}
              data-testid="source-password"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name={['settings', 'scopes']}
            label="授权范围（Scopes）"
            rules={[{ pattern: /(^|\s)openid(\s|$)/, message: ConnectionMsg.scopesInvalid }]}
          >
            <Input maxLength={ConnectionLimits.scopesMax} data-testid="source-scopes" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['settings', 'buttonName']} label="登录按钮名称" extra="登录页显示“使用 该名称 登录”；留空则用身份源名称">
            <Input maxLength={ConnectionLimits.buttonNameMax} placeholder="如：集团统一身份" data-testid="source-button-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="声明映射"
        style={{ marginBottom: 0 }}
        extra="按工号、手机号、用户名的顺序匹配该公司的账号；身份源标明手机号未验证时不按手机号匹配"
      >
        <Row gutter={8}>
          {CLAIMS.map(([key, label]) => (
            <Col xs={12} sm={8} key={key}>
              <Form.Item name={['settings', 'claims', key]} label={label} rules={[claimRule]}>
                <Input maxLength={ConnectionLimits.claimMax} data-testid={`source-claim-${key}`} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form.Item>
    </>
  );
}
