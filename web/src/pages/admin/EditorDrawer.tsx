import type { AnyEndpoint, OutputOf } from '@xuetu/contract';
import { Button, Drawer, Skeleton, Space } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useEffectEvent, useRef } from 'react';
import { useCall } from '../../api/hooks';
import { useConfirmDiscard } from './useConfirmDiscard';

/**
 * What an editor drawer opened from a list is given besides the code it edits: whether open, the
 * company it saves for, close, and saved (a list's `useEditorDialog().dialog(reload)`).
 */
export interface EditorProps {
  open: boolean;
  company: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The stored record an editor drawer edits (`code`; null when adding): read from `endpoint` with
 * `input(code)` while the drawer is open, and handed to `fill` each time the drawer opens once it
 * is there (`undefined` when adding, at once). `loading` is for the drawer's skeleton.
 */
export function useEditorRecord<E extends AnyEndpoint>(opts: {
  open: boolean;
  code: string | null;
  endpoint: E;
  input: (code: string) => Record<string, unknown>;
  fill: (record: OutputOf<E> | undefined) => void;
}) {
  const { open, code } = opts;
  const existing = useCall(opts.endpoint, (code ? opts.input(code) : {}) as never, { enabled: open && !!code });
  const fill = useEffectEvent(opts.fill);
  const data = existing.data;
  useEffect(() => {
    if (!open) return;
    const record = code ? data : undefined;
    if (code && !record) return;
    fill(record);
  }, [open, code, data]);
  return { existing, loading: !!code && existing.isLoading };
}

/**
 * The drawer an exam, paper or project is edited in: 取消 and 保存 at the top, a skeleton while
 * the stored record loads, then the form (`children`); `dialogs` (pickers the form opens) stay
 * mounted beside it. With `isDirty`, closing it (✕, 取消, Esc, the mask) over unsaved work asks first.
 * Only once the person has worked in the form (a press, a key other than Esc/Tab, a paste or a
 * drop inside it): filling a form from its record lets some fields report changes of their own
 * (normalised numbers, pickers resolving names), which made an untouched editor ask on closing.
 */
export function EditorDrawer(props: {
  open: boolean;
  title: string;
  width: number;
  onClose: () => void;
  /** whether the form holds unsaved work (e.g. `() => form.isFieldsTouched()`) */
  isDirty?: () => boolean;
  loading: boolean;
  saving: boolean;
  onSave: () => unknown;
  saveTestId: string;
  children: ReactNode;
  dialogs?: ReactNode;
}) {
  const worked = useRef(false);
  useEffect(() => {
    if (props.open) worked.current = false;
  }, [props.open]);
  const work = () => {
    worked.current = true;
  };
  const workByKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' && e.key !== 'Tab') work();
  };
  const close = useConfirmDiscard(() => worked.current && (props.isDirty?.() ?? false), props.onClose);
  return (
    <Drawer
      open={props.open}
      title={props.title}
      width={props.width}
      onClose={close}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={props.saving} onClick={() => void props.onSave()} data-testid={props.saveTestId}>
            保存
          </Button>
        </Space>
      }
    >
      {props.loading ? (
        <Skeleton active />
      ) : (
        <div onPointerDown={work} onKeyDown={workByKey} onPaste={work} onDrop={work}>
          {props.children}
        </div>
      )}
      {props.dialogs}
    </Drawer>
  );
}
