import type { ScreenIcon } from '@backoffice/contracts';
import type { IconType } from 'react-icons';
import {
  FiBarChart2,
  FiBell,
  FiBox,
  FiBriefcase,
  FiCalendar,
  FiClipboard,
  FiDollarSign,
  FiFileText,
  FiGlobe,
  FiHome,
  FiMessageSquare,
  FiSettings,
  FiSmile,
  FiStar,
  FiTruck,
  FiUsers,
} from 'react-icons/fi';

/** The icon the menu draws for each name a screen may declare (a missing one is a type error). */
export const SCREEN_ICON_COMPONENTS: Record<ScreenIcon, IconType> = {
  home: FiHome,
  briefcase: FiBriefcase,
  users: FiUsers,
  settings: FiSettings,
  smile: FiSmile,
  'file-text': FiFileText,
  'bar-chart': FiBarChart2,
  calendar: FiCalendar,
  box: FiBox,
  'message-square': FiMessageSquare,
  star: FiStar,
  globe: FiGlobe,
  truck: FiTruck,
  'dollar-sign': FiDollarSign,
  clipboard: FiClipboard,
  bell: FiBell,
};
