import { AdminMsg, Msg, ROLE_LIST_ROWS, rolesApi, type UserRowView, usersApi } from '@xuetu/contract';
import { App, Checkbox, Form, Modal, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { callEnvelope } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { CompanySelect } from '../../shared';

/** 分配公司: remote company search, SetUserCompany; 设置成功. */
export function CompanyDialog(props: { user: UserRowView | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [code, setCode] = useState<string | undefined>();
  const save = useAppMutation({
    mutationFn: (v: { code: string; userId: number }) => callEnvelope(usersApi.setUserCompany, { Code: v.code, UserId: v.userId }),
    success: AdminMsg.companySet,
    onSuccess: () => {
      props.onSaved();
      props.onClose();
    },
  });
  useEffect(() => setCode(props.user?.companySysCode || undefined), [props.user]);
  return (
    <Modal
      open={Boolean(props.user)}
      title={`分配公司：${props.user?.chnName ?? ''}`}
      onCancel={props.onClose}
      destroyOnHidden
      onOk={() => {
        if (!props.user || !code) return void message.warning(AdminMsg.pickCompany);
        save.mutate({ code, userId: props.user.userId });
      }}
      confirmLoading={save.isPending}
    >
      <Form layout="vertical">
        <Form.Item label="公司">
          <CompanySelect value={code} onChange={setCode} style={{ width: '100%' }} data-testid="assign-company" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 分配角色: role codes; SaveUserRole; 修改成功. Company-load failures only stop the loading state. */
export function RolesDialog(props: { user: UserRowView | null; onClose: () => void; onSaved: () => void }) {
  const [codes, setCodes] = useState<string[]>([]);
  const save = useAppMutation({
    mutationFn: (userId: number) => callEnvelope(rolesApi.saveUserRole, { UserId: userId, RoleList: codes }),
    success: Msg.modified,
    onSuccess: () => {
      props.onSaved();
      props.onClose();
    },
  });
  // spec §8: a failed role load only stops the loading state
  const roles = useCall(
    rolesApi.getRoleListPage,
    { pageIndex: 1, pageRows: ROLE_LIST_ROWS, key: '' },
    { enabled: Boolean(props.user), config: { silent: true } },
  );
  useEffect(() => setCodes(props.user?.roleCode ?? []), [props.user]);
  const visible = (roles.data?.models ?? []).filter((r) => !r.companySysCode || r.companySysCode === props.user?.companySysCode);
  return (
    <Modal
      open={Boolean(props.user)}
      title={`分配角色：${props.user?.chnName ?? ''}`}
      onCancel={props.onClose}
      destroyOnHidden
      width={560}
      onOk={() => props.user && save.mutate(props.user.userId)}
      confirmLoading={save.isPending}
    >
      <Checkbox.Group
        value={codes}
        onChange={(v) => setCodes(v as string[])}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        data-testid="assign-roles"
      >
        {visible.map((r) => (
          <Checkbox key={r.code} value={r.code}>
            {r.roleName} {r.companyName ? <Tag>{r.companyName}</Tag> : <Tag color="blue">平台</Tag>}
          </Checkbox>
        ))}
      </Checkbox.Group>
    </Modal>
  );
}
