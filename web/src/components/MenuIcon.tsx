// Menu icons come from the server by antd icon name. The names the seeded action tree uses are
// bundled; any other name loads the full icon set once, in its own chunk.
import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  ExceptionOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HighlightOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  SoundOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type ComponentType, useEffect, useState } from 'react';

type Icon = ComponentType<{ className?: string }>;

const known: Record<string, Icon> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CrownOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  EditOutlined,
  ExceptionOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FolderOutlined,
  FormOutlined,
  HighlightOutlined,
  HistoryOutlined,
  HomeOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  MessageOutlined,
  NotificationOutlined,
  PlayCircleOutlined,
  PlaySquareOutlined,
  ProfileOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  SolutionOutlined,
  SoundOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
  VideoCameraOutlined,
};

let fullSet: Promise<Record<string, unknown>> | null = null;
const loadFullSet = () => {
  fullSet ??= import('@ant-design/icons/es/icons') as Promise<Record<string, unknown>>;
  return fullSet;
};

export function MenuIcon({ name, className }: { name?: string; className?: string }) {
  const [loaded, setLoaded] = useState<Icon | null>(null);
  const Known = name ? known[name] : undefined;
  useEffect(() => {
    if (!name || Known || !/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(name)) return;
    let live = true;
    void loadFullSet().then((icons) => {
      const found = icons[name];
      if (live && found) setLoaded(() => found as Icon);
    });
    return () => {
      live = false;
    };
  }, [name, Known]);
  const Resolved = Known ?? loaded ?? AppstoreOutlined;
  return <Resolved className={className} />;
}
