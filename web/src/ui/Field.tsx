import { type InputHTMLAttributes, useId } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
}

export function inputClasses(extra = ''): string {
  return `w-full rounded-md border border-edge bg-night px-3 py-2 text-parchment placeholder:text-muted/80 ${extra}`;
}

export function Field({ label, className = '', id, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="font-medium text-sm text-parchment">
        {label}
      </label>
      <input id={inputId} className={inputClasses(className)} {...props} />
    </div>
  );
}
