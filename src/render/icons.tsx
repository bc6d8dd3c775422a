// One module per icon: the package's index pulls in all ~1,600 icons, which cost the build ~0.5 s to load.
import type { LucideIcon } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import Award from 'lucide-react/icons/award';
import BookOpen from 'lucide-react/icons/book-open';
import Bot from 'lucide-react/icons/bot';
import Brain from 'lucide-react/icons/brain';
import Briefcase from 'lucide-react/icons/briefcase';
import Building2 from 'lucide-react/icons/building-2';
import Calculator from 'lucide-react/icons/calculator';
import Calendar from 'lucide-react/icons/calendar';
import ChartColumn from 'lucide-react/icons/chart-column';
import Check from 'lucide-react/icons/check';
import Clock from 'lucide-react/icons/clock';
import Code from 'lucide-react/icons/code';
import Euro from 'lucide-react/icons/euro';
import FileText from 'lucide-react/icons/file-text';
import Globe from 'lucide-react/icons/globe';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Heart from 'lucide-react/icons/heart';
import Landmark from 'lucide-react/icons/landmark';
import Languages from 'lucide-react/icons/languages';
import Layers from 'lucide-react/icons/layers';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MessageCircle from 'lucide-react/icons/message-circle';
import Mic from 'lucide-react/icons/mic';
import Phone from 'lucide-react/icons/phone';
import Puzzle from 'lucide-react/icons/puzzle';
import Scale from 'lucide-react/icons/scale';
import School from 'lucide-react/icons/school';
import Search from 'lucide-react/icons/search';
import Server from 'lucide-react/icons/server';
import Settings from 'lucide-react/icons/settings';
import Shield from 'lucide-react/icons/shield';
import Sparkles from 'lucide-react/icons/sparkles';
import Stethoscope from 'lucide-react/icons/stethoscope';
import Target from 'lucide-react/icons/target';
import Users from 'lucide-react/icons/users';
import Workflow from 'lucide-react/icons/workflow';
import Wrench from 'lucide-react/icons/wrench';
import Zap from 'lucide-react/icons/zap';
import type { IconName } from '../schema/text.ts';

/** Content icon names → lucide's SVG components. */
export const icons: Record<IconName, LucideIcon> = {
  bot: Bot,
  brain: Brain,
  shield: Shield,
  lock: Lock,
  server: Server,
  globe: Globe,
  zap: Zap,
  users: Users,
  briefcase: Briefcase,
  scale: Scale,
  stethoscope: Stethoscope,
  calculator: Calculator,
  code: Code,
  phone: Phone,
  sparkles: Sparkles,
  search: Search,
  'file-text': FileText,
  mic: Mic,
  layers: Layers,
  settings: Settings,
  check: Check,
  message: MessageCircle,
  graduation: GraduationCap,
  book: BookOpen,
  building: Building2,
  clock: Clock,
  euro: Euro,
  chart: ChartColumn,
  heart: Heart,
  languages: Languages,
  puzzle: Puzzle,
  workflow: Workflow,
  award: Award,
  wrench: Wrench,
  school: School,
  landmark: Landmark,
  lightbulb: Lightbulb,
  target: Target,
  calendar: Calendar,
  mail: Mail,
};

/** Each icon's SVG markup, rendered once per process: a page's icons were a tenth of its render (lucide's two components per icon). */
const markup = new Map<IconName, string>();

function iconMarkup(name: IconName): string {
  let svg = markup.get(name);
  if (svg === undefined) {
    const Svg = icons[name];
    // A render of its own inside the page's render: React's server renderer keeps the outer render's state apart.
    markup.set(name, (svg = renderToStaticMarkup(<Svg className="size-6" aria-hidden="true" focusable="false" strokeWidth={1.75} />)));
  }
  return svg;
}

/** An icon in its badge: a span of `className` that holds the icon's SVG (static: no icon font, no third-party request). */
export function IconBadge({ name, className }: { name: IconName; className: string }) {
  return <span className={className} dangerouslySetInnerHTML={{ __html: iconMarkup(name) }} />;
}
