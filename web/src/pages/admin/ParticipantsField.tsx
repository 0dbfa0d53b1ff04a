import { TeamOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ParticipantSelect, type ParticipantTab } from '../../components/ParticipantSelect';
import { mergePeople, NO_PICKS, type Picks } from './participants';

/**
 * The participants of an exam or project editor: `field` (the 选择人员、部门或岗位 button and the
 * picks as closable tags, for a Form.Item) and `dialog` (the selection dialog, beside the form).
 * New picks are added to the old ones, each person, department or post once.
 */
export function useParticipantsField(opts: {
  company: string;
  /** `<prefix>-participants` (the button) and `<prefix>-participant-tags` */
  testIdPrefix: string;
  /** shown while nothing is picked */
  hint: string;
  tabs?: ParticipantTab[];
}) {
  const [picks, setPicks] = useState<Picks>(NO_PICKS);
  const [choosing, setChoosing] = useState(false);
  const tags = (kind: keyof Picks, color: string) =>
    picks[kind].map((p) => (
      <Tag
        key={`${kind}${p.id}`}
        color={color}
        closable
        onClose={() => setPicks((cur) => ({ ...cur, [kind]: cur[kind].filter((x) => x.id !== p.id) }))}
      >
        {p.name}
      </Tag>
    ));
  const field = (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button icon={<TeamOutlined />} onClick={() => setChoosing(true)} data-testid={`${opts.testIdPrefix}-participants`}>
        选择人员、部门或岗位
      </Button>
      <div data-testid={`${opts.testIdPrefix}-participant-tags`}>
        {tags('orgs', 'blue')}
        {tags('posts', 'purple')}
        {tags('users', 'default')}
        {!picks.users.length && !picks.orgs.length && !picks.posts.length && (
          <Typography.Text type="secondary">{opts.hint}</Typography.Text>
        )}
      </div>
    </Space>
  );
  const dialog = (
    <ParticipantSelect
      open={choosing}
      companySysCode={opts.company}
      tabs={opts.tabs}
      onCancel={() => setChoosing(false)}
      onOk={(sel) => {
        setPicks((cur) => ({
          users: mergePeople(
            cur.users,
            sel.users.map((u) => ({ id: u.userId, name: u.chnName })),
          ),
          orgs: mergePeople(
            cur.orgs,
            sel.orgs.map((o) => ({ id: o.id, name: o.orgName })),
          ),
          posts: mergePeople(
            cur.posts,
            sel.posts.map((p) => ({ id: p.id, name: p.postName })),
          ),
        }));
        setChoosing(false);
      }}
    />
  );
  return { picks, setPicks, field, dialog };
}
