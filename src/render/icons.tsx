import {
  Award, BookOpen, Bot, Brain, Briefcase, Building2, Calculator, Calendar, ChartColumn, Check, Clock, Code, Euro, FileText,
  Globe, GraduationCap, Heart, Landmark, Languages, Layers, Lightbulb, Lock, Mail, MessageCircle, Mic, Phone, Puzzle, Scale,
  School, Search, Server, Settings, Shield, Sparkles, Stethoscope, Target, Users, Workflow, Wrench, Zap, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../schema/text.ts';

/** Content icon names → SVG components (rendered to static SVG; no icon font, no third-party request). */
const icons: Record<IconName, LucideIcon> = {
  bot: Bot, brain: Brain, shield: Shield, lock: Lock, server: Server, globe: Globe, zap: Zap, users: Users,
  briefcase: Briefcase, scale: Scale, stethoscope: Stethoscope, calculator: Calculator, code: Code, phone: Phone,
  sparkles: Sparkles, search: Search, 'file-text': FileText, mic: Mic, layers: Layers, settings: Settings, check: Check,
  message: MessageCircle, graduation: GraduationCap, book: BookOpen, building: Building2, clock: Clock, euro: Euro,
  chart: ChartColumn, heart: Heart, languages: Languages, puzzle: Puzzle, workflow: Workflow, award: Award, wrench: Wrench,
  school: School, landmark: Landmark, lightbulb: Lightbulb, target: Target, calendar: Calendar, mail: Mail,
};

export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const Svg = icons[name];
  return <Svg className={className} aria-hidden="true" focusable="false" strokeWidth={1.75} />;
}
