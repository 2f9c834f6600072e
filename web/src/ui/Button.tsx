import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-gold text-night hover:bg-gold-strong shadow-[0_0_20px_-6px] shadow-gold/60',
  secondary: 'border border-gold/50 text-gold hover:bg-gold/10',
  ghost: 'text-parchment hover:bg-white/5',
  danger: 'bg-red-600 text-white hover:bg-red-500',
};

export function buttonClasses(variant: ButtonVariant = 'primary', extra = ''): string {
  return `inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${variants[variant]} ${extra}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}
