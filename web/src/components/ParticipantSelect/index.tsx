import { IMPORT_DIALOG_WIDTH } from '@xuetu/contract';
import { Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ImportTab } from './ImportTab';
import { OrgTab } from './OrgTab';
import { PostTab } from './PostTab';
import { SelectedTags } from './SelectedTags';
import { EMPTY_SELECTION, type ParticipantSelection, type ParticipantTab } from './types';
import { UserTab } from './UserTab';

export type { ParticipantOrg, ParticipantSelection, ParticipantTab } from './types';

export interface ParticipantSelectProps {
  open: boolean;
  onCancel: () => void;
  onOk: (selection: ParticipantSelection) => void;
  /** which tabs to show (default all four) */
  tabs?: ParticipantTab[];
  /** platform staff: the company whose people are chosen */
  companySysCode?: string;
  title?: string;
}

const ALL_TABS: ParticipantTab[] = ['user', 'org', 'post', 'import'];
const LABELS: Record<ParticipantTab, string> = { user: '学员', org: '部门', post: '岗位', import: '导入学员' };

/**
 * 学员查询 (spec administration §2 "Participant selection dialog", 1080 px): users by organisation
 * or post, departments, posts, and learners imported from a spreadsheet. The picks of all tabs
 * are handed back together; opening resets every selection; each pick can be removed on its own.
 * Exams and the message-send page use it. Each tab is its own component (and fetches only once shown).
 */
export function ParticipantSelect({
  open,
  onCancel,
  onOk,
  tabs = ALL_TABS,
  companySysCode = '',
  title = '学员查询',
}: ParticipantSelectProps) {
  const [sel, setSel] = useState<ParticipantSelection>(EMPTY_SELECTION);
  const [tab, setTab] = useState<ParticipantTab>(tabs[0]);
  const first = tabs[0];

  useEffect(() => {
    if (!open) return;
    // spec: opening resets all selections
    setSel(EMPTY_SELECTION);
    setTab(first);
  }, [open, first]);

  const part = <K extends keyof ParticipantSelection>(key: K) => ({
    value: sel[key],
    onChange: (next: ParticipantSelection[K]) => setSel((s) => ({ ...s, [key]: next })),
    companySysCode,
  });
  const body = (t: ParticipantTab) => {
    if (t === 'user') return <UserTab {...part('users')} />;
    if (t === 'org') return <OrgTab {...part('orgs')} />;
    if (t === 'post') return <PostTab {...part('posts')} />;
    return <ImportTab {...part('users')} />;
  };

  return (
    <Modal
      open={open}
      title={title}
      width={IMPORT_DIALOG_WIDTH}
      onCancel={onCancel}
      onOk={() => onOk(sel)}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="participant-dialog"
    >
      <SelectedTags value={sel} onChange={setSel} />
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as ParticipantTab)}
        items={tabs.map((t) => ({ key: t, label: LABELS[t], children: body(t) }))}
      />
    </Modal>
  );
}

export default ParticipantSelect;
