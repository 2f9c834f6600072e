import { CheckCircle2, Circle } from 'lucide-react';
import { useT } from '../i18n/useT.ts';
import { isSmartPartSet, SMART_LABELS, SMART_PARTS, type SmartGoalData } from './pathfinderTypes.ts';

export function SmartIndicators({ data }: { data: SmartGoalData }) {
  const t = useT();
  return (
    <ul aria-label={t('onboarding.smart.progress')} className="flex flex-wrap gap-2">
      {SMART_PARTS.map((part) => {
        const set = isSmartPartSet(data, part);
        const value = data[part];
        return (
          <li
            key={part}
            data-smart-part={part}
            data-state={set ? 'set' : 'missing'}
            title={set && typeof value === 'string' ? value : undefined}
            className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs ${
              set ? 'border-finance/50 bg-finance/10 text-finance' : 'border-edge text-muted'
            }`}
          >
            {set ? (
              <CheckCircle2 className="size-4" aria-hidden />
            ) : (
              <Circle className="size-4" aria-hidden />
            )}
            {t(SMART_LABELS[part])}
            <span className="sr-only">
              {set ? t('onboarding.smart.defined') : t('onboarding.smart.missing')}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
