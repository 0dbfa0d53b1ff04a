// Menu icons come from the server by antd icon name. The names the seeded action tree uses are
// bundled; any other name loads the full icon set once, in its own chunk.
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/es/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import BookOutlined from '@ant-design/icons/es/icons/BookOutlined';
import CrownOutlined from '@ant-design/icons/es/icons/CrownOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DatabaseOutlined from '@ant-design/icons/es/icons/DatabaseOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import ExceptionOutlined from '@ant-design/icons/es/icons/ExceptionOutlined';
import FileProtectOutlined from '@ant-design/icons/es/icons/FileProtectOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import FormOutlined from '@ant-design/icons/es/icons/FormOutlined';
import HighlightOutlined from '@ant-design/icons/es/icons/HighlightOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import PlaySquareOutlined from '@ant-design/icons/es/icons/PlaySquareOutlined';
import ProfileOutlined from '@ant-design/icons/es/icons/ProfileOutlined';
import ProjectOutlined from '@ant-design/icons/es/icons/ProjectOutlined';
import ReadOutlined from '@ant-design/icons/es/icons/ReadOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import ScheduleOutlined from '@ant-design/icons/es/icons/ScheduleOutlined';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import SolutionOutlined from '@ant-design/icons/es/icons/SolutionOutlined';
import SoundOutlined from '@ant-design/icons/es/icons/SoundOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UsergroupAddOutlined from '@ant-design/icons/es/icons/UsergroupAddOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import VideoCameraOutlined from '@ant-design/icons/es/icons/VideoCameraOutlined';
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
  SafetyCertificateOutlined,
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
