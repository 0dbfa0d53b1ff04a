import { Tag, Typography } from 'antd';
import type { ParticipantSelection } from './types';

/** The picks of every tab as removable tags (spec: selected items can be removed one by one). */
export function SelectedTags({ value, onChange }: { value: ParticipantSelection; onChange: (next: ParticipantSelection) => void }) {
  const empty = value.users.length + value.orgs.length + value.posts.length === 0;
  return (
    <div style={{ minHeight: 32, maxHeight: 96, overflow: 'auto', marginBottom: 12 }} data-testid="participant-selected">
      {empty ? (
        <Typography.Text type="secondary">尚未选择</Typography.Text>
      ) : (
        <>
          {value.users.map((u) => (
            <Tag
              key={`u${u.userId}`}
              closable
              onClose={() => onChange({ ...value, users: value.users.filter((x) => x.userId !== u.userId) })}
            >
              {u.chnName}
            </Tag>
          ))}
          {value.orgs.map((o) => (
            <Tag
              key={`o${o.id}`}
              color="blue"
              closable
              onClose={() => onChange({ ...value, orgs: value.orgs.filter((x) => x.id !== o.id) })}
            >
              部门：{o.orgName}
            </Tag>
          ))}
          {value.posts.map((p) => (
            <Tag
              key={`p${p.postCode}`}
              color="green"
              closable
              onClose={() => onChange({ ...value, posts: value.posts.filter((x) => x.postCode !== p.postCode) })}
            >
              岗位：{p.postName}
            </Tag>
          ))}
        </>
      )}
    </div>
  );
}
