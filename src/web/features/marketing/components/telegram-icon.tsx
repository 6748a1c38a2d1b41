/** A paper plane in a circle, in the style of a Telegram button; drawn here, no brand asset. */
export function TelegramIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <circle cx="12" cy="12" r="12" fill="currentColor" />
      <path
        d="M5.4 11.7 17 7.2c.54-.2 1 .13.83.95l-2 9.35c-.14.66-.54.82-1.1.51l-3.02-2.23-1.46 1.4c-.16.16-.3.3-.6.3l.21-3.07 5.6-5.06c.24-.22-.05-.34-.38-.13L8.18 13.6l-2.98-.93c-.65-.2-.66-.65.2-.97Z"
        fill="#fff"
      />
    </svg>
  );
}
